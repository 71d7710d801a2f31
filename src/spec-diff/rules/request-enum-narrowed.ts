/**
 * A request value accepts fewer values: an enum was added, or enum values were
 * removed. Parameter values travel as text, so there `1` and `"1"` are one value.
 */
import { sameValue, valuesMissing } from '../same-value.js';
import { walkRule } from './walk-rule.js';

/** request-enum-narrowed */
export const requestEnumNarrowed = walkRule({
  id: 'request-enum-narrowed',
  level: 'breaking',
  summary: 'a request enum was added or lost values',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas.flatMap((pair) => {
      const { base, head } = pair;
      if (pair.direction !== 'request' || !head.enum) return [];
      const same = (a: unknown, b: unknown) => sameValue(a, b) || String(a) === String(b);
      const removed = !base.enum
        ? undefined
        : pair.textual
          ? base.enum.filter((value) => !head.enum!.some((kept) => same(kept, value)))
          : valuesMissing(head.enum, base.enum);
      if (removed?.length === 0) return [];
      const what = removed
        ? `enum value${removed.length > 1 ? 's' : ''} ${removed.map((value) => JSON.stringify(value)).join(', ')} removed`
        : `enum added: ${JSON.stringify(head.enum)}`;
      return [
        { operation: pair.operation, pointer: head.pointer, side: 'head' as const, message: `${pair.name}: ${what}` },
      ];
    }),
});
