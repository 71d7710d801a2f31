/**
 * Rules on `dependentRequired` (JSON Schema 2020-12 validation section
 * 6.5.4): in a request an added dependency asks more of clients; in a
 * response a removed one takes a guarantee from them.
 */
import type { EffectiveSchema } from '../schema-record.js';
import type { DiffRule, RuleHit } from '../types.js';
import { type RuleHeader, schemaPairRule } from './schema-pair-rule.js';

/** What a dependentRequired rule watches. */
export interface DependentRequiredRuleSpec extends RuleHeader {
  direction: 'request' | 'response';
  /** The message for a property and the names its dependency gained (request) or lost (response). */
  message: (name: string, names: string) => string;
}

/** A rule reporting each dependency that moved the breaking way. */
export function dependentRequiredRule(spec: DependentRequiredRuleSpec): DiffRule {
  return schemaPairRule(spec, spec.direction, (pair): RuleHit[] => {
    // Request: what head asks beyond base. Response: what base promised beyond head.
    const [more, less] = spec.direction === 'request' ? [pair.head, pair.base] : [pair.base, pair.head];
    return beyond(more, less).map(([name, names]) => ({
      operation: pair.operation,
      pointer: pair.head.pointer,
      side: 'head',
      message: `${pair.name}: ${spec.message(name, names.map((need) => `'${need}'`).join(', '))} (dependentRequired)`,
    }));
  });
}

/** Dependencies of `more` that `less` does not have, per property. */
function beyond(more: EffectiveSchema, less: EffectiveSchema): Array<[string, string[]]> {
  return [...more.dependentRequired].flatMap(([name, needs]): Array<[string, string[]]> => {
    const extra = [...needs].filter((need) => !less.dependentRequired.get(name)?.has(need));
    return extra.length > 0 ? [[name, extra]] : [];
  });
}
