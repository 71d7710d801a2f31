/**
 * `second-delete-not-found` (stateful phase): deleting an item that is
 * already gone gets "not found": 404 or 410, documented or not (an
 * undocumented one is a spec gap, reported by `status-documented`). DELETE
 * is idempotent in its effect (RFC 9110 section 9.2.2), not in its answer:
 * a 204 for nothing tells a client it deleted something.
 */
import { previewText } from '../../core/findings.js';
import { NOT_FOUND_STATUSES } from '../../core/response/resource-state.js';
import { type Check, finding } from '../../core/response/types.js';
import { describeItem } from '../stateful/list-view.js';

/** A repeated delete answered with something other than "not found". */
export const secondDeleteNotFoundCheck: Check = {
  id: 'second-delete-not-found',
  description: 'deleting a deleted resource again gets 404 or 410, documented or not (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const expectation = exchange.case.stateful;
    const item = expectation?.item;
    const status = exchange.response?.status;
    if (expectation?.action !== 'delete' || item?.state !== 'gone' || status === undefined) return [];
    // A 5xx is server-error's finding; a 429 says nothing about the item.
    if (NOT_FOUND_STATUSES.has(status) || status >= 500 || status === 429) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: `a second delete of ${describeItem(expectation.noun, expectation.idField, item.id, 'deleted', item.deletedIn ?? 0)} got ${status}`,
        received: `status ${status}${status < 300 ? '' : `, body ${previewText(exchange.response!.body)}`}`,
        documented: `${notFound(item.notFound)}: there is nothing left to delete`,
      }),
    ];
  },
};

/** The not-found statuses the operation documents, or the two HTTP has. */
export function notFound(documented: readonly string[]): string {
  return documented.length > 0 ? documented.join(' or ') : '404 or 410';
}
