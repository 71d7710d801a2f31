/** A request array must now hold more items than before: shorter arrays clients send are refused. */
import { boundRule } from './bound-rule.js';

/** request-min-items-raised */
export const requestMinItemsRaised = boundRule({
  id: 'request-min-items-raised',
  level: 'breaking',
  summary: 'a request minItems was added or raised',
  direction: 'request',
  bounds: [{ key: 'minItems', side: 'lower' }],
});
