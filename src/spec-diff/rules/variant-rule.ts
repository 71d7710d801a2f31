/**
 * Rules on `oneOf`/`anyOf` alternatives that one side has and the other
 * does not accept (alternatives.ts matches them by what they accept, so a
 * reshuffle, a split by type or a branch folded into another is no change).
 */
import { describeAlternative } from '../alternatives.js';
import type { ChangeLevel, DiffRule, RuleHit } from '../types.js';
import { walkRule } from './walk-rule.js';

/** What a variant rule watches. */
export interface VariantRuleSpec {
  id: string;
  level: ChangeLevel;
  summary: string;
  direction: 'request' | 'response';
  how: 'added' | 'removed';
  /** Why it matters, after "... was added/removed: ". */
  consequence: string;
}

/** A rule reporting every alternative added (or removed) on one side of the exchange. */
export function variantRule(spec: VariantRuleSpec): DiffRule {
  return walkRule({
    id: spec.id,
    level: spec.level,
    summary: spec.summary,
    direction: spec.direction,
    checkPairs: (pairs) =>
      pairs.variants.flatMap((pairing): RuleHit[] => {
        if (pairing.direction !== spec.direction) return [];
        const side = spec.how === 'added' ? 'head' : 'base';
        const keyword = pairing[side].variants?.keyword;
        return pairing.matches
          .filter((match) => match.how === spec.how)
          .map((match) => {
            const alternative = match[side]!;
            return {
              operation: pairing.operation,
              pointer: alternative.schema.pointer,
              side,
              message: `${pairing.name}: ${describeAlternative(alternative, keyword)} was ${spec.how}: ${spec.consequence}`,
            };
          });
      }),
  });
}
