/**
 * `list-includes-created` (stateful phase): the list holds every item the
 * client created and did not delete. Judged only on the list's only page
 * (list-view.ts): a longer list may hold them on a later page.
 */

import { type Check, finding } from '../../core/response/types.js';
import { describeItem, readList } from '../stateful/list-view.js';

/** Live items missing from a complete list. */
export const listIncludesCreatedCheck: Check = {
  id: 'list-includes-created',
  description: 'a list holds every resource created and not deleted, when it is the only page (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const expectation = exchange.case.stateful;
    if (!expectation?.list || expectation.action !== 'list') return [];
    const list = readList(exchange, expectation.list, expectation.idField);
    if (!list?.onlyPage) return [];
    const missing = expectation.list.live.filter((live) => !list.ids.has(live.id));
    return missing.map((live) =>
      finding(this, exchange, {
        pointer: expectation.list!.itemsPointer,
        message: `the list misses ${describeItem(expectation.noun, expectation.idField, live.id, 'created', live.createdIn)}`,
        received: `${list.items.length} item${list.items.length === 1 ? '' : 's'}${list.ids.size > 0 ? ` (${expectation.idField} ${[...list.ids].slice(0, 5).join(', ')}${list.ids.size > 5 ? ', ...' : ''})` : ''}`,
        documented: `every ${expectation.noun} created and not deleted`,
      }),
    );
  },
};
