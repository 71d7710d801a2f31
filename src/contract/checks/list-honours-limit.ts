/**
 * `list-honours-limit` (stateful phase): a list asked for a page of one item
 * (`limit=1`, `per_page=1`) while more exist answers at most one: a client
 * that pages trusts the page size it asked for.
 */

import { type Check, finding } from '../../core/response/types.js';
import { readList } from '../stateful/list-view.js';

/** A page longer than the page size asked for. */
export const listHonoursLimitCheck: Check = {
  id: 'list-honours-limit',
  description: 'a list asked for a page size answers at most that many items (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const expectation = exchange.case.stateful;
    if (!expectation?.list || expectation.action !== 'page' || expectation.list.pageSize === undefined) return [];
    const list = readList(exchange, expectation.list, expectation.idField);
    if (!list || list.items.length <= expectation.list.pageSize) return [];
    return [
      finding(this, exchange, {
        pointer: expectation.list.itemsPointer,
        message: `a page of ${expectation.list.pageSize} holds ${list.items.length} items`,
        received: `${list.items.length} items`,
        documented: `at most ${expectation.list.pageSize} (the page size asked for)`,
      }),
    ];
  },
};
