/**
 * The alternatives of two schema records matched once per comparison. Stripe's
 * 89 response roots meet the same pairs of shared nodes (shared-subtrees.ts)
 * again and again, each root on its own walk; the match depends only on the
 * two records and on which side must cover the other's leftovers (the
 * direction), so each root reuses the first answer: the same array of
 * matches, read and never changed by the walk and the rules. Kept weakly by
 * both records: a root's own records, and their matches, go with the root.
 */
import { matchAlternatives } from './alternative-matching.js';
import { type AlternativeMatch, alternativesOf } from './alternatives.js';
import type { EffectiveSchema } from './schema-record.js';

/** The matched alternatives of `base` and `head`, `head` covering in a request and `base` in a response. */
export type AlternativeMatcher = (
  base: EffectiveSchema,
  head: EffectiveSchema,
  covering: 'base' | 'head',
) => AlternativeMatch[];

/**
 * At most this many pairs are kept (counted as kept, whether or not their records were collected since).
 * Beyond it a pair is matched again each time it is met, as without the memo: the result is the same.
 */
const MATCH_LIMIT = 200_000;

/** Match `base` and `head` afresh (alternative-matching.ts). */
export function matchPair(base: EffectiveSchema, head: EffectiveSchema, covering: 'base' | 'head'): AlternativeMatch[] {
  return matchAlternatives(
    { schema: base, alternatives: alternativesOf(base) },
    { schema: head, alternatives: alternativesOf(head) },
    covering,
  );
}

/** A matcher that keeps at most `limit` pairs' matches. */
export function createAlternativeMatcher(limit = MATCH_LIMIT): AlternativeMatcher {
  const kept = new WeakMap<
    EffectiveSchema,
    WeakMap<EffectiveSchema, Record<'base' | 'head', AlternativeMatch[] | undefined>>
  >();
  let size = 0;
  return (base, head, covering) => {
    const byCovering = kept.get(base)?.get(head);
    const known = byCovering?.[covering];
    if (known) return known;
    const matches = matchPair(base, head, covering);
    if (size >= limit) return matches;
    if (byCovering) byCovering[covering] = matches;
    else {
      let byHead = kept.get(base);
      if (!byHead) kept.set(base, (byHead = new WeakMap()));
      byHead.set(head, covering === 'base' ? { base: matches, head: undefined } : { base: undefined, head: matches });
    }
    size += 1;
    return matches;
  };
}
