/** A request value's type no longer accepts what it did (e.g. string -> integer, or no longer nullable). */
import { describeType, lostTypes } from '../type-sets.js';
import type { DiffRule } from '../types.js';

/** request-type-changed */
export const requestTypeChanged: DiffRule = {
  id: 'request-type-changed',
  level: 'breaking',
  summary: 'a request value type was narrowed (type changed, or null no longer allowed)',
  check: (comparison) =>
    comparison.schemas
      .filter((pair) => pair.direction === 'request' && lostTypes(pair.base.types, pair.head.types).length > 0)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: type changed from ${describeType(pair.base)} to ${describeType(pair.head)}`,
      })),
};
