/**
 * The stateful mock's list answer: the stored items in creation order,
 * narrowed by query parameters named like an item property (`?tag=indoor`;
 * an array parameter matches any of its values), then one page of them by the
 * paging the list declares (`limit`/`offset`, `page` with a page size; the
 * page size parameter's default when it is not sent), capped at the array's
 * `maxItems`. A wrapped list (`{data: [...], total}`) gets its total field
 * set; the caller sets a total-count header.
 */
import type { SchemaScope } from '../../core/generate/schema-facts.js';
import { cloneJson } from '../../core/json/exact-json.js';
import { decodePointer } from '../../core/json/json-pointer.js';
import { queryParameter } from '../../core/resources/paging.js';
import { arrayItems, propertiesOf } from '../../core/resources/success-response.js';
import type { Collection, ListOperation } from '../../core/resources/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';
import { envelopeOf } from './envelope.js';

/** One page of a list and how many items matched in all. */
export interface ListPage {
  items: Record<string, unknown>[];
  total: number;
}

/** The items of the page the query asks for. */
export function listPage(
  stored: readonly Record<string, unknown>[],
  query: Readonly<Record<string, unknown>>,
  collection: Collection,
  list: ListOperation,
): ListPage {
  const paging = collection.paging;
  const pagingNames = new Set([paging?.limit, paging?.offset, paging?.page]);
  const properties = propertiesOf(collection.itemSchema);
  const filters = list.operation.parameters.filter(
    (parameter) =>
      parameter.in === 'query' &&
      !pagingNames.has(parameter.name) &&
      parameter.name in properties &&
      query[parameter.name] !== undefined,
  );
  const matching = stored.filter((item) =>
    filters.every((parameter) => matches(item[parameter.name], query[parameter.name])),
  );
  const size = numberOr(query[paging?.limit ?? ''], queryParameter(list.operation, paging?.limit)?.schema?.default);
  const page = numberOr(query[paging?.page ?? ''], undefined);
  const firstPage = paging?.firstPage ?? 1;
  let start = numberOr(query[paging?.offset ?? ''], 0) ?? 0;
  // Without a page size, the first page holds everything and later pages nothing.
  if (page !== undefined)
    start = size === undefined ? (page > firstPage ? matching.length : 0) : (page - firstPage) * size;
  const maxItems = arrayItemsLimit(list);
  const end = Math.min(size === undefined ? matching.length : start + size, start + maxItems);
  return { items: matching.slice(Math.max(0, start), Math.max(0, end)), total: matching.length };
}

/** The list body: the page itself, or the list's wrapper object around it (with its total field set). */
export function listBody(
  page: ListPage,
  collection: Collection,
  list: ListOperation,
  validate: BodyValidator,
  scope: SchemaScope,
  seed: number,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const items = list.itemsAreIds
    ? page.items.map((item) => (item as Record<string, unknown>)[collection.idField])
    : page.items.map((item) => cloneJson(item));
  if (list.itemsPointer === '') return { ok: true, value: items };
  const wrapper = envelopeOf(list.media?.schema ?? list, list.media?.schema, validate, scope, seed);
  if (!wrapper.ok) return wrapper;
  wrapper.value[decodePointer(list.itemsPointer)[0]!] = items;
  const totalField = collection.paging?.totalField;
  if (totalField) wrapper.value[decodePointer(totalField)[0]!] = page.total;
  return { ok: true, value: wrapper.value };
}

/** `maxItems` of the list's array schema (the page never holds more). */
function arrayItemsLimit(list: ListOperation): number {
  const schema =
    list.itemsPointer === ''
      ? list.media?.schema
      : propertiesOf(list.media?.schema)[decodePointer(list.itemsPointer)[0]!];
  const maxItems = arrayItems(schema) !== undefined ? schema?.maxItems : undefined;
  return typeof maxItems === 'number' ? maxItems : Infinity;
}

/** An item value against a filter value: equal, or one of an array filter's values (compared as text: `5` and "5" match). */
function matches(value: unknown, filter: unknown): boolean {
  const wanted = Array.isArray(filter) ? filter : [filter];
  if (wanted.length === 0) return true;
  const text = (item: unknown) => (typeof item === 'object' ? JSON.stringify(item) : String(item));
  return wanted.some((candidate) => text(candidate) === text(value));
}

function numberOr(value: unknown, fallback: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return typeof fallback === 'number' ? fallback : undefined;
}
