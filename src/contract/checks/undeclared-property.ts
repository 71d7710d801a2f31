/**
 * `undeclared-property` (only with --strict): the body carries no property
 * its schema does not declare. Rule 2 of the interface: a 200 Plant has no `id`.
 * OpenAPI allows extra properties by default, hence opt-in.
 */
import { toFinding, violationsOf } from './response-schema.js';
import type { Check } from './types.js';

/** Properties the response schema does not declare. */
export const undeclaredPropertyCheck: Check = {
  id: 'undeclared-property',
  description: '(--strict) the body has no property its schema does not declare',
  run(exchange, context) {
    if (!context.strict) return [];
    return violationsOf(exchange, context, 'undeclared').map((violation) => toFinding(this.id, exchange, violation));
  },
};
