/** A request oneOf/anyOf gained an alternative: clients may send more than before (request-one-of-branches-overlap watches what it overlaps). */
import { variantRule } from './variant-rule.js';

/** request-variant-added */
export const requestVariantAdded = variantRule({
  id: 'request-variant-added',
  level: 'info',
  summary: 'a request oneOf/anyOf alternative was added',
  direction: 'request',
  how: 'added',
  consequence: 'clients may send more',
});
