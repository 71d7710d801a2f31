/** A request number accepts a smaller range: a maximum added or lowered, a minimum added or raised (JSON Schema 2020-12 validation section 6.2). */
import type { Bounds } from '../schema-record.js';
import type { RuleHit } from '../types.js';
import { walkRule } from './walk-rule.js';

const UPPER = ['maximum', 'exclusiveMaximum'] as const;
const LOWER = ['minimum', 'exclusiveMinimum'] as const;

/** request-range-narrowed */
export const requestRangeNarrowed = walkRule({
  id: 'request-range-narrowed',
  level: 'breaking',
  summary: 'a request maximum was added or lowered, or a minimum added or raised',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas.flatMap((pair): RuleHit[] => {
      if (pair.direction !== 'request') return [];
      const narrowed = (key: keyof Bounds, tighter: (head: number, base: number) => boolean) => {
        const [base, head] = [pair.base.bounds[key] as number | undefined, pair.head.bounds[key] as number | undefined];
        return head !== undefined && (base === undefined || tighter(head, base))
          ? [`${key} ${base === undefined ? 'added:' : `changed from ${base} to`} ${head}`]
          : [];
      };
      const changes = [
        ...UPPER.flatMap((key) => narrowed(key, (head, base) => head < base)),
        ...LOWER.flatMap((key) => narrowed(key, (head, base) => head > base)),
      ];
      return changes.map((what) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: ${what}`,
      }));
    }),
});
