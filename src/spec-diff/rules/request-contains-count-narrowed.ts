/** A request array must now contain more (or fewer) items matching `contains` than before (JSON Schema 2020-12 validation section 6.4.4-6.4.5). */
import { boundRule } from './bound-rule.js';

/** request-contains-count-narrowed */
export const requestContainsCountNarrowed = boundRule({
  id: 'request-contains-count-narrowed',
  level: 'breaking',
  summary: 'a request minContains was raised or maxContains added or lowered',
  direction: 'request',
  bounds: [
    { key: 'minContains', side: 'lower' },
    { key: 'maxContains', side: 'upper' },
  ],
});
