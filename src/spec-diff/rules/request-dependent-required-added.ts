/** A request object gained a `dependentRequired` entry (JSON Schema 2020-12 validation section 6.5.4): sending one property now requires others too. */
import type { DiffRule, RuleHit } from '../types.js';

/** request-dependent-required-added */
export const requestDependentRequiredAdded: DiffRule = {
  id: 'request-dependent-required-added',
  level: 'breaking',
  summary: 'a request dependentRequired entry was added (a property now needs others)',
  check: (comparison) =>
    comparison.schemas.flatMap((pair): RuleHit[] => {
      if (pair.direction !== 'request') return [];
      return [...pair.head.dependentRequired].flatMap(([name, needs]) => {
        const added = [...needs].filter((need) => !pair.base.dependentRequired.get(name)?.has(need));
        if (added.length === 0) return [];
        return [{ operation: pair.operation, pointer: pair.head.pointer, side: 'head' as const, message: `${pair.name}: sending '${name}' now also requires ${added.map((need) => `'${need}'`).join(', ')} (dependentRequired)` }];
      });
    }),
};
