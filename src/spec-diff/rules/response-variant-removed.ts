/** A response oneOf/anyOf lost an alternative: clients receive less than before, which breaks nobody. */
import { variantRule } from './variant-rule.js';

/** response-variant-removed */
export const responseVariantRemoved = variantRule({
  id: 'response-variant-removed',
  level: 'info',
  summary: 'a response oneOf/anyOf alternative was removed',
  direction: 'response',
  how: 'removed',
  consequence: 'clients receive fewer shapes',
});
