/**
 * A new required request property: existing requests lack it. readOnly
 * properties do not count (OAS 3.1.0 section 4.8.24), nor does declaring a
 * property the base already listed in `required` (requests had to carry it).
 */
import { walkRule } from './walk-rule.js';

/** request-property-added-required */
export const requestPropertyAddedRequired = walkRule({
  id: 'request-property-added-required',
  level: 'breaking',
  summary: 'a new required request property',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.properties
      .filter(
        (pair) =>
          pair.direction === 'request' && !pair.base && pair.visibleHead && pair.requiredHead && !pair.requiredBase,
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.pointer,
        side: 'head',
        message: `new required ${pair.name}`,
      })),
});
