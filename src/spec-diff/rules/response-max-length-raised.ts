/** A response string may now be longer than clients were promised (buffers, column sizes, UI fields). */
import { boundRule } from './bound-rule.js';

/** response-max-length-raised */
export const responseMaxLengthRaised = boundRule({
  id: 'response-max-length-raised',
  level: 'breaking',
  summary: 'a response maxLength was raised or removed',
  direction: 'response',
  bounds: [{ key: 'maxLength', side: 'upper' }],
});
