/**
 * `first-page-not-empty` (stateful phase): the first page of a list, asked
 * for one item per page (`limit=1`), holds an item while the sequence has
 * created items it did not delete: a list that never shows what was created
 * (a stale cache, a query on the wrong store) answers it empty.
 */

import { type Check, finding } from '../../core/response/types.js';
import { readList } from '../stateful/list-view.js';

/** An empty first page while live items exist. */
export const firstPageNotEmptyCheck: Check = {
  id: 'first-page-not-empty',
  description:
    'the first page of one item holds an item while resources created and not deleted exist (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const stateful = exchange.case.stateful;
    const expectation = stateful?.list;
    if (!stateful || !expectation || stateful.action !== 'page' || expectation.live.length === 0) return [];
    const list = readList(exchange, expectation, stateful.idField);
    if (!list || list.items.length > 0) return [];
    const [first] = expectation.live;
    return [
      finding(this, exchange, {
        pointer: expectation.itemsPointer,
        message: `the first page holds no ${stateful.noun}, yet the ${stateful.noun} created in step ${first!.createdIn} (${stateful.idField} ${first!.id}) is live`,
        received: 'no items',
        documented: `at least one ${stateful.noun} on the first page`,
      }),
    ];
  },
};
