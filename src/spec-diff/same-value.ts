/** Equality and JSON types of plain JSON values (enum members, defaults, consts). */

/** Deep equality of two JSON values. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The JSON Schema type of a value (2020-12 core section 4.2.1); whole numbers are `integer`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Per pair of value lists (enums are shared by every operation that uses the schema): the values of `b` missing from `a`. */
const missingMemo = new WeakMap<unknown[], WeakMap<unknown[], unknown[]>>();

/**
 * The values of `values` not in `known`, by sameValue, in `values` order. One
 * JSON text per value makes it linear (large enums, such as country codes,
 * recur in every operation of specs like Stripe's); the answer is remembered
 * per pair of lists.
 */
export function valuesMissing(known: unknown[], values: unknown[]): unknown[] {
  let row = missingMemo.get(known);
  if (!row) missingMemo.set(known, (row = new WeakMap()));
  const cached = row.get(values);
  if (cached) return cached;
  // sameValue(a, b) is `a === b` or equal JSON texts; `===` implies equal texts for JSON values.
  const texts = new Set(known.map((value) => JSON.stringify(value)));
  const missing = values.filter((value) => !texts.has(JSON.stringify(value)));
  row.set(values, missing);
  return missing;
}
