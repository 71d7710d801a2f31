/**
 * Rules on the discriminator values that select a `oneOf`/`anyOf` branch
 * (OAS 3.1.0 section 4.8.25; discriminator-tags.ts reads them). Branches
 * are matched first (alternative-matching.ts); for each matched pair whose
 * both sides are discriminated, a value that no longer selects the branch
 * (a request) or newly selects it (a response) is reported: the other side
 * dispatches on it. A discriminator added or removed as a whole changes
 * nothing that validates (OAS 3.1.1: it is a hint), so it is not reported.
 */
import { describeAlternative } from '../alternatives.js';
import type { DispatchTag } from '../schema-record.js';
import type { ChangeLevel, DiffRule, RuleHit } from '../types.js';
import { walkRule } from './walk-rule.js';

/** What a discriminator rule watches. */
export interface DiscriminatorRuleSpec {
  id: string;
  level: ChangeLevel;
  summary: string;
  direction: 'request' | 'response';
}

/** A rule reporting discriminator values lost (request) or gained (response) by matched branches. */
export function discriminatorRule(spec: DiscriminatorRuleSpec): DiffRule {
  return walkRule({
    id: spec.id,
    level: spec.level,
    summary: spec.summary,
    direction: spec.direction,
    checkPairs: (pairs) =>
      pairs.variants.flatMap((pairing): RuleHit[] => {
        if (pairing.direction !== spec.direction) return [];
        const keyword = pairing.head.variants?.keyword ?? pairing.base.variants?.keyword;
        return pairing.matches.flatMap((match): RuleHit[] => {
          const [base, head] = [match.base?.schema.tag, match.head?.schema.tag];
          if (!base || !head || !match.head) return [];
          const [from, to] = spec.direction === 'request' ? [base, head] : [head, base];
          const values = differing(from, to);
          if (values.length === 0) return [];
          const branch = describeAlternative(match.head, keyword);
          const what = `${from.property} value${values.length > 1 ? 's' : ''} ${values.map((value) => JSON.stringify(value)).join(', ')}`;
          const message =
            spec.direction === 'request'
              ? `${pairing.name}: ${what} no longer selects ${branch}: bodies clients send with it are not dispatched`
              : `${pairing.name}: ${branch} is now selected by ${what}, which clients do not know`;
          return [{ operation: pairing.operation, pointer: match.head.schema.pointer, side: 'head', message }];
        });
      }),
  });
}

/** Values of `from` that `to` does not have (all of them when the discriminator property changed). */
function differing(from: DispatchTag, to: DispatchTag): string[] {
  if (from.property !== to.property) return from.values;
  return from.values.filter((value) => !to.values.includes(value));
}
