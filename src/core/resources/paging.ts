/**
 * The paging a list operation declares, read from the names common APIs use:
 * a page size (`limit`, `per_page`, `pageSize`, ...), an offset (`offset`,
 * `skip`, `start`) or a page number (`page`), and a total: a response header
 * such as `X-Total-Count` or a `total`-like integer beside the items of a
 * wrapped list. Cursor paging (`cursor`, `next` tokens) is not read.
 */
import { schemaTypes } from '../schema/object-shape.js';
import type { Operation, OperationParameter, SchemaObject } from '../spec/types.js';
import { propertiesOf } from './success-response.js';
import type { ListOperation, Paging } from './types.js';

const LIMIT_NAMES = [
  'limit',
  'per_page',
  'perpage',
  'page_size',
  'pagesize',
  'max_results',
  'maxresults',
  'top',
  '$top',
];
/** Names that are a page size only beside a page number (Spring's `page` and `size`): alone, `size` may be a filter. */
const PAGE_SIZE_NAMES = ['size', 'count'];
const OFFSET_NAMES = ['offset', 'skip', 'start', '$skip'];
const PAGE_NAMES = ['page', 'page_number', 'pagenumber'];
/** Header names that carry a total (RFC 6648 discourages the X- prefix, so both forms). */
const TOTAL_HEADER = /^(x-)?(total|total-count|total-items|total-results|result-count|pagination-total-count)$/i;
const TOTAL_FIELDS = [
  'total',
  'totalcount',
  'total_count',
  'totalitems',
  'total_items',
  'totalelements',
  'totalresults',
  'total_results',
  'count',
];

/** The paging of `list`, or undefined when it declares none. */
export function pagingOf(list: ListOperation): Paging | undefined {
  const query = list.operation.parameters.filter(
    (parameter) => parameter.in === 'query' && isInteger(parameter.schema),
  );
  const named = (names: readonly string[]) => query.find((parameter) => names.includes(parameter.name.toLowerCase()));
  const page = named(PAGE_NAMES);
  const paging: Paging = {
    limit: (named(LIMIT_NAMES) ?? (page ? named(PAGE_SIZE_NAMES) : undefined))?.name,
    offset: named(OFFSET_NAMES)?.name,
    page: page?.name,
    firstPage: page && (page.schema?.minimum === 0 || page.schema?.default === 0) ? 0 : 1,
    totalHeader: totalHeader(list.operation, list.status),
    totalField: totalField(list),
  };
  return paging.limit || paging.offset || paging.page || paging.totalHeader || paging.totalField ? paging : undefined;
}

/** The parameter of `operation` called `name` in the query. */
export function queryParameter(operation: Operation, name: string | undefined): OperationParameter | undefined {
  return name === undefined
    ? undefined
    : operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === name);
}

function totalHeader(operation: Operation, status: number): string | undefined {
  const response = operation.responses.find((candidate) => candidate.status === String(status));
  return response?.headers.find(
    (header) =>
      TOTAL_HEADER.test(header.name) &&
      (header.schema === undefined || isInteger(header.schema) || schemaTypes(header.schema).includes('string')),
  )?.name;
}

/** A total beside the items of a wrapped list: `{items: [...], total: 3}`. */
function totalField(list: ListOperation): string | undefined {
  if (list.itemsPointer === '') return undefined;
  const properties = propertiesOf(list.media?.schema);
  const name = Object.keys(properties).find(
    (candidate) => TOTAL_FIELDS.includes(candidate.toLowerCase()) && isInteger(properties[candidate]),
  );
  return name === undefined ? undefined : `/${name}`;
}

function isInteger(schema: SchemaObject | undefined): boolean {
  return schemaTypes(schema).includes('integer');
}
