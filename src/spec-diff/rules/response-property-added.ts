/** A new response property: clients ignore what they do not know. */
import { walkRule } from './walk-rule.js';

/** response-property-added */
export const responsePropertyAdded = walkRule({
  id: 'response-property-added',
  level: 'info',
  summary: 'a new response property',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.properties
      .filter(
        (pair) => pair.direction === 'response' && !pair.visibleBase && pair.visibleHead && pair.base === undefined,
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.pointer,
        side: 'head',
        message: `new ${pair.requiredHead ? 'required' : 'optional'} ${pair.name}`,
      })),
});
