/** A request string must now match a pattern. */
import { enumMatches } from '../enum-bounds.js';
import { walkRule } from './walk-rule.js';

/** request-pattern-added */
export const requestPatternAdded = walkRule({
  id: 'request-pattern-added',
  level: 'breaking',
  summary: 'a request pattern was added',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter(
        (pair) =>
          pair.direction === 'request' &&
          pair.head.bounds.pattern !== undefined &&
          pair.base.bounds.pattern === undefined &&
          // Every value the base listed still matches: nothing sent before is refused.
          !enumMatches(pair.base, pair.head.bounds.pattern),
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: pattern added: ${pair.head.bounds.pattern}`,
      })),
});
