/**
 * Rules on webhooks and callbacks as wholes: one removed (subscribers stop
 * receiving it), renamed (it arrives under another name or URL), or added.
 * Changes inside matched ones go through the ordinary request and response
 * rules, directions swapped (operation-pairs.ts).
 */
import type { ChangeLevel, DiffRule, ReversedOperations, RuleHit } from '../types.js';

/** What a webhook or callback rule watches. */
export interface ReversedRuleSpec {
  id: string;
  level: ChangeLevel;
  summary: string;
  kind: 'webhooks' | 'callbacks';
  how: keyof ReversedOperations;
  /** The message for one operation (`label`), and for a rename its new label. */
  message: (label: string, renamedTo: string) => string;
}

/** A rule reporting each webhook or callback removed, renamed or added. */
export function reversedRule(spec: ReversedRuleSpec): DiffRule {
  return {
    id: spec.id,
    level: spec.level,
    summary: spec.summary,
    check: (comparison) => {
      const changes = comparison[spec.kind];
      if (spec.how === 'renamed') {
        return changes.renamed.map(
          ({ base, head }): RuleHit => ({
            operation: base.label,
            pointer: head.pointer,
            side: 'head',
            message: spec.message(base.label, head.label),
          }),
        );
      }
      return changes[spec.how].map(
        (operation): RuleHit => ({
          operation: operation.label,
          pointer: operation.pointer,
          side: operation.side,
          message: spec.message(operation.label, ''),
        }),
      );
    },
  };
}
