/** A response string may now be shorter than clients were promised (an empty string where one character was guaranteed). */
import { boundRule } from './bound-rule.js';

/** response-min-length-lowered */
export const responseMinLengthLowered = boundRule({
  id: 'response-min-length-lowered',
  level: 'breaking',
  summary: 'a response minLength was lowered or removed',
  direction: 'response',
  bounds: [{ key: 'minLength', side: 'lower' }],
});
