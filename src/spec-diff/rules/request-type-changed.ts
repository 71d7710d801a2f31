/**
 * A request value's type no longer accepts what it did (e.g. string -> integer,
 * or no longer nullable). Parameter and header values travel as text (OAS 3.1.0
 * section 4.8.12.4), so a number, integer or boolean becoming a string loses nothing.
 */
import { describeType, lostTypes } from '../type-sets.js';

const TEXT_FORMS = new Set(['number', 'integer', 'boolean']);

import { walkRule } from './walk-rule.js';

/** request-type-changed */
export const requestTypeChanged = walkRule({
  id: 'request-type-changed',
  level: 'breaking',
  summary: 'a request value type was narrowed (type changed, or null no longer allowed)',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter(
        (pair) =>
          pair.direction === 'request' &&
          lostTypes(pair.base.types, pair.head.types).some(
            (type) => !(pair.textual && TEXT_FORMS.has(type) && pair.head.types?.includes('string')),
          ),
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: type changed from ${describeType(pair.base)} to ${describeType(pair.head)}`,
      })),
});
