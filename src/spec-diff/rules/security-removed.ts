/** An operation that required credentials can now be called without: nothing breaks, but it is worth a look. */
import { effectiveSecurity } from '../security.js';
import type { DiffRule, RuleHit } from '../types.js';

/** security-removed */
export const securityRemoved: DiffRule = {
  id: 'security-removed',
  level: 'info',
  summary: 'an operation no longer requires security',
  check: (comparison) =>
    comparison.operations.flatMap((pair): RuleHit[] => {
      const base = effectiveSecurity(comparison.base, pair.base.pointer);
      const head = effectiveSecurity(comparison.head, pair.head.pointer);
      if (base.anonymous || !head.anonymous) return [];
      return [
        {
          operation: pair.label,
          pointer: head.pointer || pair.head.pointer,
          side: 'head',
          message: `${pair.label} no longer requires credentials`,
        },
      ];
    }),
};
