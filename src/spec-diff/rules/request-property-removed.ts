/** A request property is no longer documented: clients still sending it may be refused where additional properties are not allowed (oasdiff level: warning). */
import { walkRule } from './walk-rule.js';

/** request-property-removed */
export const requestPropertyRemoved = walkRule({
  id: 'request-property-removed',
  level: 'warning',
  summary: 'a request property was removed',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.properties
      .filter((pair) => pair.direction === 'request' && pair.visibleBase && !pair.visibleHead)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head ? pair.head.pointer : pair.base!.pointer,
        side: pair.head ? 'head' : 'base',
        message: pair.head ? `${pair.name} became readOnly` : `${pair.name} was removed`,
      })),
});
