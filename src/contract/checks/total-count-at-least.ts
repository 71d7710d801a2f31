/**
 * `total-count-at-least` (stateful phase): a total a list declares (a
 * header such as X-Total-Count, or a `total` field beside the items) is
 * never below the items on the page it comes with, nor below the items the
 * sequence created and did not delete: they exist, so they count. Judged on
 * every page; on a list's only page `total-count-matches` asks for more
 * (the exact count).
 */

import { type Check, finding } from '../../core/response/types.js';
import { listTotal, readList } from '../stateful/list-view.js';

/** A total below what the page shows or what the client knows exists. */
export const totalCountAtLeastCheck: Check = {
  id: 'total-count-at-least',
  description:
    'a declared total count is never below the items on the page nor below the resources created and not deleted (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const stateful = exchange.case.stateful;
    const expectation = stateful?.list;
    if (!stateful || !expectation) return [];
    const list = readList(exchange, expectation, stateful.idField);
    const total = list && !list.onlyPage ? listTotal(exchange, expectation, list) : undefined;
    if (!list || !total) return [];
    const floor = Math.max(list.items.length, expectation.live.length);
    if (total.value >= floor) return [];
    const why =
      list.items.length >= expectation.live.length
        ? `the page itself holds ${list.items.length}`
        : `${expectation.live.length} ${stateful.noun}${expectation.live.length === 1 ? '' : 's'} created in this sequence ${expectation.live.length === 1 ? 'is' : 'are'} live (created in step${expectation.live.length === 1 ? '' : 's'} ${expectation.live.map((item) => item.createdIn).join(', ')})`;
    return [
      finding(this, exchange, {
        pointer: total.where.startsWith('body') ? total.where.slice('body'.length) : '',
        message: `${total.where} says ${total.value}, but ${why}`,
        received: `${total.where}: ${total.value}`,
        documented: `at least ${floor}`,
      }),
    ];
  },
};
