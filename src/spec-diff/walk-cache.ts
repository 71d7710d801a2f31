/**
 * A bounded cache of what walk rules (DiffRule.checkPairs) report for one
 * pair of root schemas. Specs reuse their component schemas under many
 * operations (Stripe's `error` response sits under every operation), and a
 * walk's pairs, and so the hits of rules that read nothing but them, depend
 * only on the two Schema Objects, the direction and whether values travel
 * as text: names, operation and pointer prefixes are labels. So a root pair
 * is walked once with placeholder labels and the hits are replayed with the
 * real ones wherever the same pair is met again.
 *
 * Placeholders end up in labels only at the places the real labels would
 * be: the root name starts every pair name, the root pointers start every
 * pointer built below the root. A pointer that a circular `$ref` made
 * absolute (effective-schema.ts) carries no placeholder and is kept as it is.
 */
import type { Direction } from '../core/validation/schema-view.js';
import type { RuleHit } from './types.js';

/** The labels of one root: replayed hits carry these. */
export interface WalkLabels {
  operation: string;
  name: string;
  baseAt: string;
  headAt: string;
}

/**
 * At most this many root pairs are cached. Beyond it a new root pair is
 * walked without being kept: the result is the same, only not shared. A
 * spec has one root per parameter, body and header schema of each
 * operation (Stripe 1.3.17: 1,732 roots, 1,285 distinct pairs), so real
 * specs stay far below it; an entry holds hits only, never schemas.
 */
const WALK_CACHE_LIMIT = 20_000;

/** Text no spec contains (a NUL and a random tag, one per thread): marks where a label goes. */
export const PLACEHOLDER_MARK = `\u0000${Math.random().toString(36).slice(2)}`;
const MARK = PLACEHOLDER_MARK;

/** The placeholder labels a root pair is walked with. */
export const PLACEHOLDERS: WalkLabels = {
  operation: `${MARK}o\u0000`,
  name: `${MARK}n\u0000`,
  baseAt: `${MARK}b\u0000`,
  headAt: `${MARK}h\u0000`,
};

/** Per walk rule (by index), its hits with placeholder labels. */
export type WalkHits = RuleHit[][];

/** The cache: root pairs (what is kept of their walk, `T`) by their Schema Objects, direction and text flag. */
export interface WalkCache<T> {
  get(base: unknown, head: unknown, direction: Direction, textual: boolean): T | undefined;
  set(base: unknown, head: unknown, direction: Direction, textual: boolean, hits: T): void;
}

/** An empty cache holding at most `limit` root pairs. */
export function createWalkCache<T>(limit = WALK_CACHE_LIMIT): WalkCache<T> {
  // base Schema Object -> head Schema Object -> `direction textual` -> what is kept.
  const entries = new Map<unknown, Map<unknown, Map<string, T>>>();
  let size = 0;
  return {
    get: (base, head, direction, textual) => entries.get(base)?.get(head)?.get(`${direction} ${textual}`),
    set: (base, head, direction, textual, hits) => {
      if (size >= limit) return;
      let byHead = entries.get(base);
      if (!byHead) entries.set(base, (byHead = new Map()));
      let byKind = byHead.get(head);
      if (!byKind) byHead.set(head, (byKind = new Map()));
      byKind.set(`${direction} ${textual}`, hits);
      size += 1;
    },
  };
}

/** `hit` with the placeholders replaced by `labels`. */
export function replay(hit: RuleHit, labels: WalkLabels): RuleHit {
  return {
    operation: fill(hit.operation, labels),
    pointer: fill(hit.pointer, labels),
    side: hit.side,
    message: fill(hit.message, labels),
  };
}

/** The label each placeholder letter stands for. */
const LABEL_OF: Readonly<Record<string, keyof WalkLabels | undefined>> = {
  o: 'operation',
  n: 'name',
  b: 'baseAt',
  h: 'headAt',
};

/** Length of a placeholder: the mark, the letter that says which label it stands for, a NUL. */
const PLACEHOLDER_LENGTH = MARK.length + 2;

/**
 * `text` with each placeholder replaced by its label, inserted as it is (it may hold `$&` and the like).
 * Found with indexOf and joined from slices: Stripe replays 146,488 hits, and a regex replace with a
 * function per hit cost a third of that replay.
 */
function fill(text: string, labels: WalkLabels): string {
  let at = text.indexOf(MARK);
  if (at < 0) return text;
  let filled = '';
  let from = 0;
  while (at >= 0) {
    const which = text.charCodeAt(at + MARK.length + 1) === 0 ? LABEL_OF[text[at + MARK.length]!] : undefined;
    const label = which === undefined ? undefined : labels[which];
    // Not a placeholder after all (the mark and no letter): kept as it is, as the pattern it replaces did.
    if (label === undefined) {
      at = text.indexOf(MARK, at + 1);
      continue;
    }
    filled += text.slice(from, at) + label;
    from = at + PLACEHOLDER_LENGTH;
    at = text.indexOf(MARK, from);
  }
  return from === text.length ? filled : filled + text.slice(from);
}
