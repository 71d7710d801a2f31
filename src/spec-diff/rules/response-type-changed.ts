/**
 * A response value's type or format can now be something clients do not
 * expect (string -> integer, int32 -> int64). A new `null` is reported by
 * response-property-became-nullable; a narrower response type breaks nobody.
 */
import { describeType, isFormatWidening, lostTypes } from '../type-sets.js';
import { walkRule } from './walk-rule.js';

/** response-type-changed */
export const responseTypeChanged = walkRule({
  id: 'response-type-changed',
  level: 'breaking',
  summary: 'a response value type or format changed to accept values clients do not expect',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter((pair) => pair.direction === 'response')
      .filter((pair) => {
        const widened =
          lostTypes(
            pair.head.types?.filter((type) => type !== 'null'),
            pair.base.types,
          ).length > 0;
        // Read backwards: the head's format must be no wider than the base's.
        const formatWidened =
          pair.base.format !== undefined &&
          pair.head.format !== pair.base.format &&
          isFormatWidening(pair.head.format, pair.base.format) === false;
        return widened || formatWidened || (pair.base.format !== undefined && pair.head.format === undefined);
      })
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: type changed from ${describeType(pair.base)} to ${describeType(pair.head)}`,
      })),
});
