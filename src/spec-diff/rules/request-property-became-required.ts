/** A request property that could be left out must now be sent. */
import { walkRule } from './walk-rule.js';

/** request-property-became-required */
export const requestPropertyBecameRequired = walkRule({
  id: 'request-property-became-required',
  level: 'breaking',
  summary: 'an optional request property became required',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.properties
      .filter(
        (pair) =>
          pair.direction === 'request' && pair.base && pair.visibleHead && pair.requiredHead && !pair.requiredBase,
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.pointer,
        side: 'head',
        message: `${pair.name} became required`,
      })),
});
