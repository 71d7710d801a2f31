/**
 * A list response as the list checks read it: the items, their ids, and
 * whether it is the list's only page. It is when the list declares no
 * paging, or when it holds fewer items than the page size the step asked
 * for (from the first page): then every item the server has is in it, and a
 * total count must equal its length. Anything else is not judged.
 */

import type { ListExpectation } from '../../core/exchange/stateful-expectation.js';
import { valueAt } from '../../core/json/json-pointer.js';
import { idText } from '../../core/resources/id-text.js';
import type { AnalysedExchange } from '../../core/response/types.js';

/** The items of a list answer and what can be said of them. */
export interface ListView {
  body: unknown;
  items: unknown[];
  /** Ids of the items that have one, as text. */
  ids: Set<string>;
  onlyPage: boolean;
}

/** The list in a 2xx JSON answer, or undefined (no such answer: other checks report it). */
export function readList(
  exchange: AnalysedExchange,
  expectation: ListExpectation,
  idField: string,
): ListView | undefined {
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300 || !exchange.json?.ok) return undefined;
  const body = exchange.json.value;
  const items = valueAt(body, expectation.itemsPointer);
  if (!Array.isArray(items)) return undefined;
  const ids = new Set(
    // A list of ids (`["a.txt"]`) names each item by the element itself.
    items
      .map((_, index) => idText(items[index], idField) ?? idText(items, index))
      .filter((id): id is string => id !== undefined),
  );
  const onlyPage = expectation.unpaged || (expectation.pageSize !== undefined && items.length < expectation.pageSize);
  return { body, items, ids, onlyPage };
}

/** `the plant created in step 1 (id 5)`. */
export function describeItem(
  noun: string,
  idField: string,
  id: string,
  verb: 'created' | 'deleted',
  step: number,
): string {
  return `the ${noun} ${verb} in step ${step} (${idField} ${id})`;
}

/** The total a list answer declares (its total-count header, or the total field beside the items), when it is a whole number. */
export function listTotal(
  exchange: AnalysedExchange,
  expectation: ListExpectation,
  list: ListView,
): { value: number; where: string } | undefined {
  const header = expectation.totalHeader && exchange.response?.headers[expectation.totalHeader.toLowerCase()]?.trim();
  if (header && /^\d+$/.test(header)) return { value: Number(header), where: expectation.totalHeader! };
  const field = expectation.totalField === undefined ? undefined : valueAt(list.body, expectation.totalField);
  if (typeof field === 'number' && Number.isInteger(field) && field >= 0)
    return { value: field, where: `body${expectation.totalField}` };
  return undefined;
}
