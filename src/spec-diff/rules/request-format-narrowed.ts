/** A request value's format accepts less (int64 -> int32, a format added to a plain string). */
import { isFormatWidening } from '../type-sets.js';
import { walkRule } from './walk-rule.js';

/** request-format-narrowed */
export const requestFormatNarrowed = walkRule({
  id: 'request-format-narrowed',
  level: 'breaking',
  summary: 'a request value format was narrowed or added (e.g. int64 -> int32)',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter((pair) => pair.direction === 'request' && !isFormatWidening(pair.base.format, pair.head.format))
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: format ${pair.base.format ? `changed from ${pair.base.format} to` : 'added:'} ${pair.head.format}`,
      })),
});
