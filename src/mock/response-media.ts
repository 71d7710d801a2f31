/**
 * The media type a response is served in, for a client's Accept header
 * (RFC 9110 section 12.5.1, core/http/accept.ts), with the documented content
 * entry it comes from and its parsed form for the codec. A client sends the
 * same Accept header on every request, so the outcome is kept per response
 * and header value: bounded, since clients choose the header text.
 */
import { negotiate } from '../core/http/accept.js';
import { type MediaType, parseMediaType } from '../core/http/media-type.js';
import type { MediaTypeContent, OperationResponse } from '../core/spec/types.js';

/** The negotiated media type: the documented key (made concrete where it is a wildcard), its content entry, parsed. */
export interface ChosenMedia {
  key: string;
  media: MediaTypeContent;
  /** Read-only: shared by every request with the same Accept header. */
  mediaType: MediaType;
}

/** Accept header values remembered per response before the memo starts over. */
const MAX_ACCEPT_VALUES = 64;
/** The key for a request without an Accept header (no header value is this). */
const NO_ACCEPT = '\u0000';

const chosen = new WeakMap<OperationResponse, Map<string, ChosenMedia | undefined>>();

/** The media type to serve `response` in; undefined when none is acceptable (a 406). */
export function chooseMedia(response: OperationResponse, accept: string | undefined): ChosenMedia | undefined {
  let memo = chosen.get(response);
  if (!memo) {
    memo = new Map();
    chosen.set(response, memo);
  }
  const memoKey = accept ?? NO_ACCEPT;
  if (memo.has(memoKey)) return memo.get(memoKey);
  const outcome = negotiateMedia(response, accept);
  if (memo.size >= MAX_ACCEPT_VALUES) memo.clear();
  memo.set(memoKey, outcome);
  return outcome;
}

function negotiateMedia(response: OperationResponse, accept: string | undefined): ChosenMedia | undefined {
  const key = negotiate(
    accept,
    response.content.map((media) => media.mediaType),
  );
  if (key === undefined) return undefined;
  const media =
    response.content.find((candidate) => candidate.mediaType === key) ??
    response.content.find((candidate) => candidate.mediaType.includes('*'))!;
  // A spec key that is no media type (`xls`) is served as written, as bytes.
  const mediaType = parseMediaType(key) ?? { essence: key, parameters: {} };
  return { key, media, mediaType };
}
