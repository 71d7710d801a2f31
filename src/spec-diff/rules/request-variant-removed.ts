/** A request oneOf/anyOf lost an alternative that nothing else accepts: values clients sent that only it matched are refused. */
import { variantRule } from './variant-rule.js';

/** request-variant-removed */
export const requestVariantRemoved = variantRule({
  id: 'request-variant-removed',
  level: 'breaking',
  summary: 'a request oneOf/anyOf alternative was removed',
  direction: 'request',
  how: 'removed',
  consequence: 'values only it accepted are now refused',
});
