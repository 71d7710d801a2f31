/** A response property that was always present may now be missing. */
import { walkRule } from './walk-rule.js';

/** response-property-became-optional */
export const responsePropertyBecameOptional = walkRule({
  id: 'response-property-became-optional',
  level: 'breaking',
  summary: 'a required response property became optional',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.properties
      .filter(
        (pair) =>
          pair.direction === 'response' &&
          pair.visibleBase &&
          pair.visibleHead &&
          pair.requiredBase &&
          !pair.requiredHead,
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.parentHead,
        side: 'head',
        message: `${pair.name} became optional`,
      })),
});
