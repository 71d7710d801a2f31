/** A response property that was always present may now be missing. */
import type { DiffRule } from '../types.js';

/** response-property-became-optional */
export const responsePropertyBecameOptional: DiffRule = {
  id: 'response-property-became-optional',
  level: 'breaking',
  summary: 'a required response property became optional',
  check: (comparison) =>
    comparison.properties
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
};
