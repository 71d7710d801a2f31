/** A response property clients read is gone (or became writeOnly, so it is no longer sent; OAS 3.1.0 section 4.8.24). */
import { walkRule } from './walk-rule.js';

/** response-property-removed */
export const responsePropertyRemoved = walkRule({
  id: 'response-property-removed',
  level: 'breaking',
  summary: 'a response property was removed (or became writeOnly)',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.properties
      .filter((pair) => pair.direction === 'response' && pair.visibleBase && !pair.visibleHead)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head ? pair.head.pointer : pair.base!.pointer,
        side: pair.head ? 'head' : 'base',
        message: pair.head ? `${pair.name} became writeOnly` : `${pair.name} was removed`,
      })),
});
