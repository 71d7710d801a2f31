/** A request string may be shorter than before: maxLength added or lowered. */
import type { DiffRule } from '../types.js';

/** request-max-length-narrowed */
export const requestMaxLengthNarrowed: DiffRule = {
  id: 'request-max-length-narrowed',
  level: 'breaking',
  summary: 'a request maxLength was added or lowered',
  check: (comparison) =>
    comparison.schemas
      .filter((pair) => pair.direction === 'request' && pair.head.bounds.maxLength !== undefined)
      .filter((pair) => pair.base.bounds.maxLength === undefined || pair.head.bounds.maxLength! < pair.base.bounds.maxLength)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: maxLength ${pair.base.bounds.maxLength === undefined ? 'added:' : `lowered from ${pair.base.bounds.maxLength} to`} ${pair.head.bounds.maxLength}`,
      })),
};
