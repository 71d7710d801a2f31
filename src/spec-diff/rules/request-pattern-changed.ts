/** A request pattern changed: whether it accepts less cannot be decided in general, so it is a warning (as in oasdiff). */
import { enumMatches } from '../enum-bounds.js';
import { walkRule } from './walk-rule.js';

/** request-pattern-changed */
export const requestPatternChanged = walkRule({
  id: 'request-pattern-changed',
  level: 'warning',
  summary: 'a request pattern changed',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter(
        (pair) =>
          pair.direction === 'request' &&
          pair.base.bounds.pattern !== undefined &&
          pair.head.bounds.pattern !== undefined &&
          // Every value the base listed still matches: nothing sent before is refused.
          !enumMatches(pair.base, pair.head.bounds.pattern),
      )
      .filter((pair) => pair.base.bounds.pattern !== pair.head.bounds.pattern)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: pattern changed from ${pair.base.bounds.pattern} to ${pair.head.bounds.pattern}`,
      })),
});
