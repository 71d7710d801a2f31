/**
 * An operation's required credentials changed: some way of calling it that
 * worked before (a requirement, its scheme definition or a scope it did not
 * ask for) is no longer accepted. Adding an alternative, or asking for fewer
 * OAuth scopes, only widens, and is not reported.
 */
import { describeRequirement, effectiveSecurity, stillSatisfies } from '../security.js';
import type { DiffRule, RuleHit } from '../types.js';

/** security-changed */
export const securityChanged: DiffRule = {
  id: 'security-changed',
  level: 'breaking',
  summary: 'the security of an operation changed so that old credentials no longer suffice',
  check: (comparison) =>
    comparison.operations.flatMap((pair): RuleHit[] => {
      const base = effectiveSecurity(comparison.base, pair.base.pointer);
      const head = effectiveSecurity(comparison.head, pair.head.pointer);
      if (base.anonymous || head.anonymous) return [];
      const lost = [
        ...new Set(
          base.requirements
            .filter((old) => !head.requirements.some((current) => stillSatisfies(old, current)))
            .map(describeRequirement),
        ),
      ];
      if (lost.length === 0) return [];
      return [
        {
          operation: pair.label,
          pointer: head.pointer || pair.head.pointer,
          side: 'head',
          message: `${pair.label} no longer accepts ${lost.join(' or ')} (now: ${head.alternatives.join(' or ')})`,
        },
      ];
    }),
};
