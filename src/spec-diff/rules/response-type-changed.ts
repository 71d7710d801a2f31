/**
 * A response value's type or format can now be something clients do not
 * expect (string -> integer, int32 -> int64). A new `null` is reported by
 * response-property-became-nullable; a narrower response type breaks nobody.
 */
import { assertedFormat } from '../known-formats.js';
import { describeType, isFormatWidening, lostTypes } from '../type-sets.js';
import { walkRule } from './walk-rule.js';

/** response-type-changed */
export const responseTypeChanged = walkRule({
  id: 'response-type-changed',
  level: 'breaking',
  summary: 'a response value type or format changed to accept values clients do not expect',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter((pair) => pair.direction === 'response')
      .flatMap((pair) => {
        const widened =
          lostTypes(
            pair.head.types?.filter((type) => type !== 'null'),
            pair.base.types,
          ).length > 0;
        // Read backwards: the head's format must be no wider than the base's. A format no tool knows
        // (known-formats.ts) constrained nothing, so dropping or renaming it widens nothing.
        const formatWidened =
          assertedFormat(pair.base.format) !== undefined && !isFormatWidening(pair.head.format, pair.base.format);
        if (!widened && !formatWidened) return [];
        // A format-only change is named as one (GitHub's `uri` -> `uri-template` is no change of type).
        const what = widened
          ? `type changed from ${describeType(pair.base)} to ${describeType(pair.head)}`
          : `format changed from ${pair.base.format} to ${pair.head.format ?? 'none'}`;
        return [
          {
            operation: pair.operation,
            pointer: pair.head.pointer,
            side: 'head' as const,
            message: `${pair.name}: ${what}`,
          },
        ];
      }),
});
