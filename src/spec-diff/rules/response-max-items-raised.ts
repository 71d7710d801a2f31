/** A response array may now hold more items than clients were promised. */
import { boundRule } from './bound-rule.js';

/** response-max-items-raised */
export const responseMaxItemsRaised = boundRule({
  id: 'response-max-items-raised',
  level: 'breaking',
  summary: 'a response maxItems was raised or removed',
  direction: 'response',
  bounds: [{ key: 'maxItems', side: 'upper' }],
});
