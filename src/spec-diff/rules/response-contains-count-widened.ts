/** A response array may now contain fewer (or more) items matching `contains` than clients were promised. */
import { boundRule } from './bound-rule.js';

/** response-contains-count-widened */
export const responseContainsCountWidened = boundRule({
  id: 'response-contains-count-widened',
  level: 'breaking',
  summary: 'a response minContains was lowered or maxContains raised or removed',
  direction: 'response',
  bounds: [
    { key: 'minContains', side: 'lower' },
    { key: 'maxContains', side: 'upper' },
  ],
});
