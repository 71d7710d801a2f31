/**
 * Decisions over pairs of schemas, each taken once. Schemas can be circular,
 * so a pair met again while it is still being decided gets a fixed answer:
 * the assumption the caller makes about recursion (true for "accepts all",
 * read coinductively as for recursive types; true for "may overlap", the
 * answer that claims nothing).
 */
import type { EffectiveSchema } from './schema-record.js';

/** Decide a pair once: `decide` runs the first time, the memo answers afterwards. */
export type PairDecider = (a: EffectiveSchema, b: EffectiveSchema, decide: () => boolean) => boolean;

/** A memo for one top-level question, answering `whileDeciding` for pairs in progress. */
export function pairMemo(whileDeciding: boolean): PairDecider {
  const memo = new Map<EffectiveSchema, Map<EffectiveSchema, boolean>>();
  return (a, b, decide) => {
    let row = memo.get(a);
    if (!row) memo.set(a, (row = new Map()));
    const known = row.get(b);
    if (known !== undefined) return known;
    row.set(b, whileDeciding);
    const result = decide();
    row.set(b, result);
    return result;
  };
}
