/**
 * `use-after-delete` (stateful phase): a deleted item is gone and stays
 * gone. A read or update of it must not succeed, a list must not hold it,
 * and when the server gives its id to a new item, a read must serve the new
 * item, not the deleted one (a cache keyed by id that a delete forgot).
 */
import { type Finding, previewText } from '../../core/findings.js';
import { type AnalysedExchange, type Check, finding } from '../../core/response/types.js';
import { writtenIn } from '../stateful/compare.js';
import { describeItem, readList } from '../stateful/list-view.js';
import { servedItem } from '../stateful/served-item.js';
import { notFound } from './second-delete-not-found.js';

/** Deleted items still served. */
export const useAfterDeleteCheck: Check = {
  id: 'use-after-delete',
  description:
    'a deleted resource is gone and stays gone: not readable, not updatable, not listed, not served under a reused id (stateful phase)',
  scope: ['contract'],
  run(exchange) {
    const expectation = exchange.case.stateful;
    if (!expectation) return [];
    const status = exchange.response?.status ?? 0;
    const success = status >= 200 && status < 300;
    const { item, noun, idField } = expectation;
    if (item?.state === 'gone' && success && (expectation.action === 'read' || expectation.action === 'update')) {
      const what = describeItem(noun, idField, item.id, 'deleted', item.deletedIn ?? 0);
      return [
        finding(this, exchange, {
          pointer: '',
          message: `${what} is still there: step ${expectation.step} (${expectation.action}) got ${status}`,
          received: `status ${status}, body ${previewText(exchange.response!.body)}`,
          documented: `${notFound(item.notFound)}: it was deleted`,
        }),
      ];
    }
    if (item?.state === 'live' && expectation.action === 'read' && success) return servedDeleted(this, exchange);
    if (expectation.list && success) {
      const list = readList(exchange, expectation.list, idField);
      const still = list ? expectation.list.gone.filter((gone) => list.ids.has(gone.id)) : [];
      return still.map((gone) =>
        finding(this, exchange, {
          pointer: expectation.list!.itemsPointer,
          message: `the list still holds ${describeItem(noun, idField, gone.id, 'deleted', gone.deletedIn)}`,
          received: `${idField} ${gone.id} in the list`,
          documented: 'deleted items are not listed',
        }),
      );
    }
    return [];
  },
};

/** A read of a live item whose id once named a deleted one, answered with the deleted item's values. */
function servedDeleted(check: Check, exchange: AnalysedExchange): Finding[] {
  const expectation = exchange.case.stateful!;
  const item = expectation.item!;
  const served = servedItem(exchange, item.itemPointer);
  if (!served) return [];
  const { received, schema } = served;
  const old = item.deleted.find(
    (candidate) => writtenIn(candidate.written, received, schema) && !writtenIn(item.written, received, schema),
  );
  if (!old) return [];
  return [
    finding(check, exchange, {
      pointer: '',
      message: `${expectation.idField} ${item.id} now names the ${expectation.noun} created in step ${item.createdIn}, yet the read serves the one deleted in step ${old.deletedIn}`,
      received: previewText(exchange.response!.body),
      documented: `the ${expectation.noun} created in step ${item.createdIn}`,
    }),
  ];
}
