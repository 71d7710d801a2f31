/** A request string must be longer than before: minLength added or raised. */
import type { DiffRule } from '../types.js';

/** request-min-length-raised */
export const requestMinLengthRaised: DiffRule = {
  id: 'request-min-length-raised',
  level: 'breaking',
  summary: 'a request minLength was added or raised',
  check: (comparison) =>
    comparison.schemas
      .filter((pair) => pair.direction === 'request' && (pair.head.bounds.minLength ?? 0) > (pair.base.bounds.minLength ?? 0))
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: minLength raised from ${pair.base.bounds.minLength ?? 0} to ${pair.head.bounds.minLength}`,
      })),
};
