/**
 * `resource-available` (stateful phase): an item the client created and did
 * not delete is there. A read, update or delete of it answered 404 or 410
 * (RFC 9110 sections 15.5.5, 15.5.11) means the server lost it: never
 * stored, or removed by a delete of another item.
 */
import { previewText } from '../../core/findings.js';
import { type Check, finding } from '../../core/response/types.js';
import { describeItem } from '../stateful/list-view.js';

/** Statuses that say "no such resource". */
const MISSING = new Set([404, 410]);

/** A live item answered as missing. */
export const resourceAvailableCheck: Check = {
  id: 'resource-available',
  description: 'a created resource can be read, updated and deleted until it is deleted (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const expectation = exchange.case.stateful;
    const item = expectation?.item;
    const status = exchange.response?.status;
    if (!expectation || item?.state !== 'live' || status === undefined || !MISSING.has(status)) return [];
    const what = describeItem(expectation.noun, expectation.idField, item.id, 'created', item.createdIn);
    return [
      finding(this, exchange, {
        pointer: '',
        message: `${what} is not available: step ${expectation.step} (${expectation.action}) got ${status}`,
        received: `status ${status}, body ${previewText(exchange.response!.body)}`,
        documented: `a 2xx: the ${expectation.noun} exists until it is deleted`,
      }),
    ];
  },
};
