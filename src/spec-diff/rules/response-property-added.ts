/** A new response property: clients ignore what they do not know. */
import type { DiffRule } from '../types.js';

/** response-property-added */
export const responsePropertyAdded: DiffRule = {
  id: 'response-property-added',
  level: 'info',
  summary: 'a new response property',
  check: (comparison) =>
    comparison.properties
      .filter(
        (pair) => pair.direction === 'response' && !pair.visibleBase && pair.visibleHead && pair.base === undefined,
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.pointer,
        side: 'head',
        message: `new ${pair.requiredHead ? 'required' : 'optional'} ${pair.name}`,
      })),
};
