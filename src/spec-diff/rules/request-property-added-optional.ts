/** A new optional request property: existing requests stay valid. */
import type { DiffRule } from '../types.js';

/** request-property-added-optional */
export const requestPropertyAddedOptional: DiffRule = {
  id: 'request-property-added-optional',
  level: 'info',
  summary: 'a new optional request property',
  check: (comparison) =>
    comparison.properties
      .filter((pair) => pair.direction === 'request' && !pair.base && pair.visibleHead && !pair.requiredHead)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.pointer,
        side: 'head',
        message: `new optional ${pair.name}`,
      })),
};
