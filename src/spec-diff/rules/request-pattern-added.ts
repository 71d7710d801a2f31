/** A request string must now match a pattern. */
import type { DiffRule } from '../types.js';

/** request-pattern-added */
export const requestPatternAdded: DiffRule = {
  id: 'request-pattern-added',
  level: 'breaking',
  summary: 'a request pattern was added',
  check: (comparison) =>
    comparison.schemas
      .filter(
        (pair) =>
          pair.direction === 'request' &&
          pair.head.bounds.pattern !== undefined &&
          pair.base.bounds.pattern === undefined,
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: pattern added: ${pair.head.bounds.pattern}`,
      })),
};
