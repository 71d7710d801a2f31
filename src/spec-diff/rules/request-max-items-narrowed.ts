/** A request array may now hold fewer items than before: longer arrays clients send are refused. */
import { boundRule } from './bound-rule.js';

/** request-max-items-narrowed */
export const requestMaxItemsNarrowed = boundRule({
  id: 'request-max-items-narrowed',
  level: 'breaking',
  summary: 'a request maxItems was added or lowered',
  direction: 'request',
  bounds: [{ key: 'maxItems', side: 'upper' }],
});
