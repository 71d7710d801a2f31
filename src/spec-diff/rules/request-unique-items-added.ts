/** A request array must now hold distinct items (JSON Schema 2020-12 validation section 6.4.3): arrays with repeats are refused. */
import { walkRule } from './walk-rule.js';

/** request-unique-items-added */
export const requestUniqueItemsAdded = walkRule({
  id: 'request-unique-items-added',
  level: 'breaking',
  summary: 'a request array now requires unique items',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter((pair) => pair.direction === 'request' && pair.head.uniqueItems && !pair.base.uniqueItems)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: uniqueItems added`,
      })),
});
