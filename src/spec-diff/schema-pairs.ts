/**
 * Walk two effective schemas side by side: every node present in both
 * becomes a SchemaPair, every property of a pair of object schemas a
 * PropertyPair (present on one side or both). readOnly properties are not
 * part of a request and writeOnly ones not part of a response (OAS 3.1.0
 * section 4.8.24), so they are "invisible" on that side. Where either side
 * has `oneOf`/`anyOf`, the two are compared as alternatives (alternatives.ts)
 * and the match is recorded as a VariantPairing. The 2020-12 applicators
 * (`prefixItems`, `contains`, `dependentSchemas`, ...) present on both sides
 * are walked too, so the same rules classify changes inside them.
 */
import { type AlternativeMatcher, matchPair } from './matched-alternatives.js';
import { PairWalker, type SchemaRoot } from './pair-walker.js';
import type { EffectiveSchema } from './schema-record.js';
import type { SubWalks, WalkPiece } from './sub-walks.js';
import type { SchemaPairs } from './types.js';

/** Pair up `base` and `head` (roots of a body, parameter or header) into `out`; `match` matches alternatives. */
export function pairSchemas(
  out: SchemaPairs,
  root: SchemaRoot,
  base: EffectiveSchema,
  head: EffectiveSchema,
  match: AlternativeMatcher = matchPair,
): void {
  new PairWalker(root, out, undefined, match).run(base, head);
}

/** The walk of `base` and `head` as pieces: pairs walked, and sub-walks replayed from `subWalks` (sub-walks.ts). */
export function walkPieces(
  root: SchemaRoot,
  base: EffectiveSchema,
  head: EffectiveSchema,
  subWalks: SubWalks,
  match: AlternativeMatcher = matchPair,
): WalkPiece[] {
  const pieces: WalkPiece[] = [];
  new PairWalker(root, pieces, subWalks, match).run(base, head);
  return pieces;
}
