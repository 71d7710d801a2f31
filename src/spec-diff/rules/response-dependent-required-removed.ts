/** A response object lost a `dependentRequired` entry: clients that relied on one property bringing others may miss them. */
import type { DiffRule, RuleHit } from '../types.js';

/** response-dependent-required-removed */
export const responseDependentRequiredRemoved: DiffRule = {
  id: 'response-dependent-required-removed',
  level: 'breaking',
  summary: 'a response dependentRequired entry was removed (a property no longer brings others)',
  check: (comparison) =>
    comparison.schemas.flatMap((pair): RuleHit[] => {
      if (pair.direction !== 'response') return [];
      return [...pair.base.dependentRequired].flatMap(([name, needs]) => {
        const lost = [...needs].filter((need) => !pair.head.dependentRequired.get(name)?.has(need));
        if (lost.length === 0) return [];
        return [{ operation: pair.operation, pointer: pair.head.pointer, side: 'head' as const, message: `${pair.name}: '${name}' no longer guarantees ${lost.map((need) => `'${need}'`).join(', ')} (dependentRequired)` }];
      });
    }),
};
