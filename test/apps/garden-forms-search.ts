/**
 * The query of GET /search in test/fixtures/rich/forms-3.0.yaml, in the three
 * styles it documents (OAS 3.0.3 section 4.7.12.4): `filter` as deepObject
 * (filter[colour]=red), `ids` as pipeDelimited (ids=1|2|3) and `page` as an
 * exploded form object whose properties are top-level keys (size=10&number=2).
 */
import { integerValue, queryValues, singleValue } from './shared/request-values.js';

/** The parsed search parameters. */
export interface SearchQuery {
  filter: Record<string, string | number>;
  ids: number[] | undefined;
  page: { size?: number; number?: number };
}

/** The search query, or one line saying which parameter is wrong and how. */
export function readSearchQuery(
  query: Array<[string, string]>,
  strictFilter = true,
): { search: SearchQuery } | { error: string } {
  const filter = readFilter(query, strictFilter);
  if ('error' in filter) return filter;
  const ids = readIds(query);
  if ('error' in ids) return ids;
  const page: SearchQuery['page'] = {};
  for (const [name, minimum, maximum] of [
    ['size', 1, 100],
    ['number', 1, undefined],
  ] as const) {
    const where = `query parameter 'page' property '${name}'`;
    const single = singleValue(queryValues(query, name), where);
    if (single.error) return { error: single.error };
    if (single.value === undefined) continue;
    const value = integerValue(single.value);
    if (value === undefined || value < minimum || (maximum !== undefined && value > maximum)) {
      return { error: `${where} must be an integer >= ${minimum}${maximum === undefined ? '' : ` and <= ${maximum}`}` };
    }
    page[name] = value;
  }
  return { search: { filter: filter.value, ids: ids.value, page } };
}

/** deepObject: one key per property, `filter[name]`; a bare `filter` or a nested key is not this style. */
function readFilter(
  query: Array<[string, string]>,
  strict: boolean,
): { value: SearchQuery['filter'] } | { error: string } {
  const value: SearchQuery['filter'] = {};
  for (const [key, text] of query) {
    if (key !== 'filter' && !key.startsWith('filter[')) continue;
    const property = /^filter\[([^[\]]+)\]$/.exec(key)?.[1];
    if (!strict) {
      if (property !== undefined) value[property] = text;
      continue;
    }
    if (property === undefined)
      return {
        error: `query parameter 'filter' must be sent as filter[property]=value (style deepObject), not as '${key}'`,
      };
    if (property in value)
      return { error: `query parameter 'filter' property '${property}' is given twice; send it once` };
    if (property === 'height') {
      const height = integerValue(text);
      if (height === undefined || height < 0)
        return { error: "query parameter 'filter' property 'height' must be an integer >= 0" };
      value.height = height;
    } else value[property] = text;
  }
  return { value };
}

/** pipeDelimited, explode false: one `ids` key, integers joined by `|`, at most 5; an empty value is an empty array. */
function readIds(query: Array<[string, string]>): { value: number[] | undefined } | { error: string } {
  const single = singleValue(queryValues(query, 'ids'), "query parameter 'ids'");
  if (single.error) return { error: single.error };
  if (single.value === undefined) return { value: undefined };
  const items = single.value === '' ? [] : single.value.split('|').map(integerValue);
  if (items.some((item) => item === undefined))
    return { error: "query parameter 'ids' must be integers joined by '|' (style pipeDelimited)" };
  if (items.length > 5) return { error: `query parameter 'ids' must have at most 5 items, not ${items.length}` };
  return { value: items as number[] };
}
