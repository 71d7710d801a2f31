/** A response array may now hold fewer items than clients were promised (an empty list where one item was guaranteed). */
import { boundRule } from './bound-rule.js';

/** response-min-items-lowered */
export const responseMinItemsLowered = boundRule({
  id: 'response-min-items-lowered',
  level: 'breaking',
  summary: 'a response minItems was lowered or removed',
  direction: 'response',
  bounds: [{ key: 'minItems', side: 'lower' }],
});
