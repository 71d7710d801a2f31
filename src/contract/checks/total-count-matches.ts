/**
 * `total-count-matches` (stateful phase): a total the list declares (a
 * header such as X-Total-Count, or a `total` field beside the items of a
 * wrapped list) equals the number of items, when the list is its only page
 * (list-view.ts): a stale or cached count tells clients to page for items
 * that are not there.
 */
import { valueAt } from '../../core/json/json-pointer.js';
import { type Check, finding } from '../../core/response/types.js';
import { readList } from '../stateful/list-view.js';

/** A declared total that disagrees with the only page. */
export const totalCountMatchesCheck: Check = {
  id: 'total-count-matches',
  description:
    'a declared total count (X-Total-Count, a total field) equals the items of a list that is its only page (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const expectation = exchange.case.stateful?.list;
    if (!expectation || exchange.case.stateful?.action !== 'list') return [];
    const list = readList(exchange, expectation, exchange.case.stateful!.idField);
    if (!list?.onlyPage) return [];
    const count = list.items.length;
    const findings = [];
    const header = expectation.totalHeader && exchange.response?.headers[expectation.totalHeader.toLowerCase()];
    if (header !== undefined && header !== '' && /^\d+$/.test(header.trim()) && Number(header) !== count) {
      findings.push(
        finding(this, exchange, {
          pointer: '',
          message: `${expectation.totalHeader} says ${header.trim()}, but the list's only page holds ${count}`,
          received: `${expectation.totalHeader}: ${header.trim()}`,
          documented: `${expectation.totalHeader}: ${count}`,
        }),
      );
    }
    const field = expectation.totalField === undefined ? undefined : valueAt(list.body, expectation.totalField);
    if (typeof field === 'number' && field !== count) {
      findings.push(
        finding(this, exchange, {
          pointer: expectation.totalField!,
          message: `body${expectation.totalField} says ${field}, but the list's only page holds ${count}`,
          received: String(field),
          documented: String(count),
        }),
      );
    }
    return findings;
  },
};
