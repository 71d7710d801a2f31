/**
 * Rules on removing what was deprecated first (deprecation.ts): removal
 * before the `x-sunset` date breaks clients that were promised more time;
 * removal after it (or without a date) is the planned end of the lifecycle.
 */
import { type Removal, removalOf } from '../deprecation.js';
import type { ChangeLevel, DiffRule, RuleHit } from '../types.js';

/** What a removal rule watches. */
export interface RemovalRuleSpec {
  id: string;
  level: ChangeLevel;
  summary: string;
  of: 'operation' | 'parameter';
  verdict: Exclude<Removal['verdict'], 'unannounced'>;
}

/** A rule reporting removed deprecated operations (or parameters) with one verdict. */
export function removalRule(spec: RemovalRuleSpec): DiffRule {
  return {
    id: spec.id,
    level: spec.level,
    summary: spec.summary,
    check: (comparison) => {
      const removed =
        spec.of === 'operation'
          ? comparison.removedOperations.map((operation) => ({
              operation: operation.label,
              pointer: operation.pointer,
              name: `operation ${operation.label}`,
            }))
          : comparison.parameters
              .filter((pair) => pair.base && !pair.head)
              .map((pair) => ({ operation: pair.operation, pointer: pair.basePointer!, name: pair.name }));
      return removed.flatMap(({ operation, pointer, name }): RuleHit[] => {
        const removal = removalOf(comparison.base.document, pointer, comparison.now);
        if (removal.verdict !== spec.verdict) return [];
        const what = spec.verdict === 'planned' ? 'planned removal' : 'removed too early';
        return [{ operation, pointer, side: 'base', message: `${name} was removed (${what}: ${removal.note})` }];
      });
    },
  };
}
