/** A response oneOf/anyOf gained an alternative (or a plain schema became one): clients meet a shape they were never told about. */
import { variantRule } from './variant-rule.js';

/** response-variant-added */
export const responseVariantAdded = variantRule({
  id: 'response-variant-added',
  level: 'breaking',
  summary: 'a response oneOf/anyOf alternative was added',
  direction: 'response',
  how: 'added',
  consequence: 'clients may receive a shape they do not handle',
});
