/** Rules on applicators added or removed (applicator-changes.ts): one direction per rule. */
import { type ApplicatorChanges, applicatorChanges } from '../applicator-changes.js';
import type { DiffRule, RuleHit } from '../types.js';
import { type RuleHeader, schemaPairRule } from './schema-pair-rule.js';

/** What an applicator rule watches. */
export interface ApplicatorRuleSpec extends RuleHeader {
  /** Only pairs of this direction; undefined: both. */
  direction: 'request' | 'response' | undefined;
  which: keyof ApplicatorChanges;
  message: (what: string) => string;
}

/** A rule reporting each applicator change of one kind. */
export function applicatorRule(spec: ApplicatorRuleSpec): DiffRule {
  return schemaPairRule(spec, spec.direction, (pair): RuleHit[] => {
    const side = spec.which === 'removed' ? 'base' : 'head';
    return applicatorChanges(pair.base, pair.head)[spec.which].map((what) => ({
      operation: pair.operation,
      pointer: pair[side].pointer,
      side,
      message: `${pair.name}: ${spec.message(what)}`,
    }));
  });
}
