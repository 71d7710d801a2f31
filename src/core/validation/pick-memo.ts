/**
 * The bounded memo behind compile-validators.ts's validator lookups: one
 * answer per documented content list and media type text.
 */
import type { MediaTypeContent } from '../spec/types.js';

/** Media type texts remembered per content list before its memo starts over. */
const MAX_PICKED_MEDIA_TYPES = 64;

/**
 * The validator picked per documented content list and given media type:
 * asked on every mock request and runner response, where building a key
 * string per ask cost more than the lookup. Keyed by the content list
 * itself (operations sharing a response share it, and their validators are
 * alike: compileMedia reads only the media entry); the media type text is
 * the client's choice, so each list keeps a bounded number.
 */
export class PickMemo<V> {
  private readonly byContent = new WeakMap<MediaTypeContent[], Map<string, V | undefined>>();

  /** The validator picked before, or {@link NOT_PICKED}. */
  get(content: MediaTypeContent[], mediaType: string): V | undefined | typeof NOT_PICKED {
    const memo = this.byContent.get(content);
    if (!memo) return NOT_PICKED;
    const validator = memo.get(mediaType);
    // A media type without a schema is remembered as undefined: `has` tells it from one never asked.
    return validator !== undefined || memo.has(mediaType) ? validator : NOT_PICKED;
  }

  set(content: MediaTypeContent[], mediaType: string, validator: V | undefined): void {
    let memo = this.byContent.get(content);
    if (!memo) {
      memo = new Map();
      this.byContent.set(content, memo);
    }
    if (memo.size >= MAX_PICKED_MEDIA_TYPES) memo.clear();
    memo.set(mediaType, validator);
  }
}

/** What {@link PickMemo.get} gives for a media type not picked yet. */
export const NOT_PICKED = Symbol('not picked');
