/**
 * Can one value match two schemas? `oneOf` refuses a value that matches more
 * than one branch (JSON Schema 2020-12 core section 10.2.1.3), so branches
 * that overlap make some values invalid. Overlap is undecidable in general;
 * this answers "disjoint" only with a proof from the simple keywords (types,
 * enum/const, numeric ranges, a required property whose values cannot agree,
 * a closed object missing a required property) and "may overlap" otherwise.
 */

import { lowerEdge, upperEdge } from './numeric-range.js';
import { pairMemo } from './pair-memo.js';
import { jsonTypeOf, sameValue } from './same-value.js';
import { type Bounds, type EffectiveSchema, emptySchema } from './schema-record.js';
import { covers } from './type-sets.js';

const MAX_DEPTH = 16;

/** False only when no value can match both `a` and `b`. */
export function mayOverlap(a: EffectiveSchema, b: EffectiveSchema): boolean {
  const memo = pairMemo(true);
  const overlap = (x: EffectiveSchema, y: EffectiveSchema, depth: number): boolean =>
    depth > MAX_DEPTH || memo(x, y, () => decide(x, y, (cx, cy) => overlap(cx, cy, depth + 1)));
  return overlap(a, b, 0);
}

function decide(
  a: EffectiveSchema,
  b: EffectiveSchema,
  overlap: (a: EffectiveSchema, b: EffectiveSchema) => boolean,
): boolean {
  const shared = sharedTypes(a.types, b.types);
  if (shared?.length === 0) return false;
  if (a.enum && b.enum) return a.enum.some((value) => b.enum!.some((other) => sameValue(value, other)));
  if (a.enum) return a.enum.some((value) => mayAccept(b, value));
  if (b.enum) return b.enum.some((value) => mayAccept(a, value));
  if (shared === undefined) return true;
  if (shared.every((type) => type === 'object')) return objectsMayOverlap(a, b, overlap);
  if (shared.every((type) => type === 'number' || type === 'integer')) return rangesMeet(a.bounds, b.bounds);
  return true;
}

/**
 * Can a value clients build from one schema's documentation match the other
 * too? Clients send the properties a schema declares, not others (the same
 * reading as a new optional request property being no break), so an object
 * schema is read as closed to its declared properties for the value it
 * documents. `{a}` and `{c}` with different required properties do not
 * overlap here, though `{"a": 1, "c": 2}` matches both.
 */
export function mayOverlapDocumented(a: EffectiveSchema, b: EffectiveSchema): boolean {
  return mayOverlap(closedToDeclared(a), b) || mayOverlap(a, closedToDeclared(b));
}

function closedToDeclared(schema: EffectiveSchema): EffectiveSchema {
  const open =
    schema.properties.size > 0 &&
    schema.additionalProperties === undefined &&
    ![...schema.subschemas.keys()].some((key) => /^(patternProperties\/|unevaluatedProperties)/.test(key));
  return open ? { ...schema, additionalProperties: emptySchema(`${schema.pointer}/additionalProperties`, []) } : schema;
}

/** False only when a simple keyword of `schema` refuses `value`. */
export function mayAccept(schema: EffectiveSchema, value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  const type = jsonTypeOf(value);
  if (schema.types && !covers(schema.types, type)) return false;
  if (schema.enum && !schema.enum.some((allowed) => sameValue(allowed, value))) return false;
  const { bounds } = schema;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (
      (bounds.minLength !== undefined && length < bounds.minLength) ||
      (bounds.maxLength !== undefined && length > bounds.maxLength)
    )
      return false;
    if (bounds.pattern !== undefined && matches(bounds.pattern, value) === false) return false;
  }
  if (typeof value === 'number' && !rangesMeet(bounds, { minimum: value, maximum: value })) return false;
  if (
    Array.isArray(value) &&
    ((bounds.minItems !== undefined && value.length < bounds.minItems) ||
      (bounds.maxItems !== undefined && value.length > bounds.maxItems))
  )
    return false;
  if (type === 'object') {
    const record = value as Record<string, unknown>;
    if ([...schema.required].some((name) => !(name in record))) return false;
    for (const [name, property] of schema.properties)
      if (name in record && !mayAccept(property, record[name], depth + 1)) return false;
  }
  return true;
}

function objectsMayOverlap(
  a: EffectiveSchema,
  b: EffectiveSchema,
  overlap: (a: EffectiveSchema, b: EffectiveSchema) => boolean,
): boolean {
  for (const [name, aProperty] of a.properties) {
    const bProperty = b.properties.get(name);
    if (!bProperty || !(a.required.has(name) || b.required.has(name))) continue;
    if (!overlap(aProperty, bProperty)) return false;
  }
  const closedAgainst = (closed: EffectiveSchema, other: EffectiveSchema) =>
    closed.additionalProperties?.types?.length === 0 &&
    ![...closed.subschemas.keys()].some((key) => key.startsWith('patternProperties/')) &&
    [...other.required].some((name) => !closed.properties.has(name));
  return !closedAgainst(a, b) && !closedAgainst(b, a);
}

/** Types both accept; undefined when both accept any type. */
function sharedTypes(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return [...new Set([...a.filter((type) => covers(b, type)), ...b.filter((type) => covers(a, type))])];
}

/** Do two numeric ranges have a common number? */
function rangesMeet(a: Bounds, b: Bounds): boolean {
  const below = (upper: Bounds, lower: Bounds) => {
    const [top, bottom] = [upperEdge(upper), lowerEdge(lower)];
    if (!top || !bottom) return false;
    return top.value < bottom.value || (top.value === bottom.value && (top.strict || bottom.strict));
  };
  return !below(a, b) && !below(b, a);
}

/** Does `value` match `pattern` (ECMA-262 regex, as OAS and JSON Schema specify)? undefined when the pattern does not compile here. */
function matches(pattern: string, value: string): boolean | undefined {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return undefined;
  }
}
