/**
 * `second-delete-not-found` (stateful phase): deleting an item that is
 * already gone gets the not-found status the operation documents (404 or
 * 410). DELETE is idempotent in its effect (RFC 9110 section 9.2.2), not in
 * its answer: a 204 for nothing tells a client it deleted something. Only
 * checked where the operation documents 404 or 410.
 */
import { previewText } from '../../findings.js';
import { describeItem } from '../stateful/list-view.js';
import { finding, type Check } from './types.js';

/** A repeated delete answered with something other than the documented not-found status. */
export const secondDeleteNotFoundCheck: Check = {
  id: 'second-delete-not-found',
  description: 'deleting a deleted resource again gets the documented 404 or 410 (stateful phase)',
  run(exchange) {
    const expectation = exchange.case.stateful;
    const item = expectation?.item;
    const status = exchange.response?.status;
    if (
      expectation?.action !== 'delete' ||
      item?.state !== 'gone' ||
      item.notFound.length === 0 ||
      status === undefined
    )
      return [];
    if (item.notFound.includes(String(status)) || status >= 500 || status === 429) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: `a second delete of ${describeItem(expectation.noun, expectation.idField, item.id, 'deleted', item.deletedIn ?? 0)} got ${status}`,
        received: `status ${status}${status < 300 ? '' : `, body ${previewText(exchange.response!.body)}`}`,
        documented: `${item.notFound.join(' or ')}: there is nothing left to delete`,
      }),
    ];
  },
};
