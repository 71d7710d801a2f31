/** A new optional request property: existing requests stay valid. */
import { walkRule } from './walk-rule.js';

/** request-property-added-optional */
export const requestPropertyAddedOptional = walkRule({
  id: 'request-property-added-optional',
  level: 'info',
  summary: 'a new optional request property',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.properties
      .filter((pair) => pair.direction === 'request' && !pair.base && pair.visibleHead && !pair.requiredHead)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.pointer,
        side: 'head',
        message: `new optional ${pair.name}`,
      })),
});
