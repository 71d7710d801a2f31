/**
 * A response number may now lie outside the range clients were promised: a
 * maximum raised or removed, a minimum lowered or removed (inclusive and
 * exclusive bounds read together, JSON Schema 2020-12 validation section 6.2).
 */
import { describeEdge, lowerEdge, reachesFurther, upperEdge } from '../numeric-range.js';
import type { RuleHit } from '../types.js';
import { walkRule } from './walk-rule.js';

/** response-range-widened */
export const responseRangeWidened = walkRule({
  id: 'response-range-widened',
  level: 'breaking',
  summary: 'a response maximum was raised or removed, or a minimum lowered or removed',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.schemas.flatMap((pair): RuleHit[] => {
      if (pair.direction !== 'response') return [];
      return (
        [
          [upperEdge, true],
          [lowerEdge, false],
        ] as const
      ).flatMap(([edgeOf, above]) => {
        const [base, head] = [edgeOf(pair.base.bounds), edgeOf(pair.head.bounds)];
        if (!base || !reachesFurther(head, base, above)) return [];
        const message = `${pair.name}: range widened from ${describeEdge(base, above)} to ${describeEdge(head, above)}`;
        return [{ operation: pair.operation, pointer: pair.head.pointer, side: 'head' as const, message }];
      });
    }),
});
