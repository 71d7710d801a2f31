/**
 * The frame of rules that read nothing but the pairs of schema walks
 * (comparison.schemas, .properties or .variants), each hit from one pair,
 * in pair order: diffSpecs serves them from the walk cache (walk-cache.ts),
 * and `check` gives the same hits over a whole comparison.
 */
import type { DiffRule, RuleHit, SchemaPairs } from '../types.js';

/** A rule's record with what it reports over walked pairs. */
export interface WalkRuleSpec extends Pick<DiffRule, 'id' | 'level' | 'summary' | 'direction'> {
  checkPairs: (pairs: SchemaPairs) => RuleHit[];
}

/** A rule over schema pairs only (a comparison is a SchemaPairs too). */
export function walkRule(spec: WalkRuleSpec): DiffRule {
  return { ...spec, check: (comparison) => spec.checkPairs(comparison) };
}
