/** A request string must be longer than before: minLength added or raised. */
import { boundRule } from './bound-rule.js';

/** request-min-length-raised */
export const requestMinLengthRaised = boundRule({
  id: 'request-min-length-raised',
  level: 'breaking',
  summary: 'a request minLength was added or raised',
  direction: 'request',
  bounds: [{ key: 'minLength', side: 'lower' }],
});
