/** A request string may be shorter than before: maxLength added or lowered. */
import { boundRule } from './bound-rule.js';

/** request-max-length-narrowed */
export const requestMaxLengthNarrowed = boundRule({
  id: 'request-max-length-narrowed',
  level: 'breaking',
  summary: 'a request maxLength was added or lowered',
  direction: 'request',
  bounds: [{ key: 'maxLength', side: 'upper' }],
});
