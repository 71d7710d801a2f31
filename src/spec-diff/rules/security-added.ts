/** An operation callable without credentials now requires them: existing anonymous clients are refused. */
import { effectiveSecurity } from '../security.js';
import type { DiffRule, RuleHit } from '../types.js';

/** security-added */
export const securityAdded: DiffRule = {
  id: 'security-added',
  level: 'breaking',
  summary: 'security was added to an operation that had none',
  check: (comparison) =>
    comparison.operations.flatMap((pair): RuleHit[] => {
      const base = effectiveSecurity(comparison.base, pair.base.pointer);
      const head = effectiveSecurity(comparison.head, pair.head.pointer);
      if (!base.anonymous || head.anonymous) return [];
      return [
        {
          operation: pair.label,
          pointer: head.pointer || pair.head.pointer,
          side: 'head',
          message: `${pair.label} now requires ${head.alternatives.join(' or ')}`,
        },
      ];
    }),
};
