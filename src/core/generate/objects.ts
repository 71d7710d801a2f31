/**
 * Objects and arrays. Optional properties are present in some values and
 * absent in others; where the schema allows undeclared properties (OpenAPI's
 * default: no `additionalProperties: false`), some values carry extra ones,
 * because a server must accept them too. `readOnly` properties are never
 * generated for requests (OAS 4.8.24).
 */
import { isRecord } from '../schema/object-shape.js';
import type { SchemaObject } from '../spec/types.js';
import {
  arrayOf,
  bigIntBetween,
  booleans,
  constant,
  dictionaryOf,
  filtered,
  type Gen,
  mapped,
  oneOf,
  oneOfShrinkingToFirst,
  recordOf,
  tupleOf,
  uniqueArrayOf,
} from './fast-check.js';
import { toJsonText } from './logical-value.js';
import { flatten, MAX_DEPTH, type SchemaScope } from './schema-facts.js';
import { type Charset, charactersGen } from './strings.js';

/** The extra properties of a body that has none (one object, so fast-check recognises it when shrinking). */
const NO_EXTRAS: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** Builds the generator of a nested schema one level deeper. */
export type Recurse = (schema: SchemaObject | undefined, depth: number) => Gen<unknown>;

/** Declared properties of an object schema that a request (or, per scope, a response) may carry, and which are required. */
export function requestProperties(
  schema: SchemaObject,
  scope: SchemaScope,
): { properties: Record<string, SchemaObject>; required: string[] } {
  const declared = isRecord(schema.properties) ? (schema.properties as Record<string, SchemaObject>) : {};
  const hidden = scope.direction === 'response' ? 'writeOnly' : 'readOnly';
  const properties: Record<string, SchemaObject> = {};
  for (const [name, property] of Object.entries(declared))
    if (flatten(property, scope)[hidden] !== true) properties[name] = property;
  const required = Array.isArray(schema.required)
    ? schema.required.map(String).filter((name) => !(name in declared) || name in properties)
    : [];
  return { properties, required };
}

/** True when the object schema accepts properties it does not declare. */
export function allowsExtraProperties(schema: SchemaObject): boolean {
  return (
    schema.additionalProperties !== false &&
    schema.unevaluatedProperties !== false &&
    !isRecord(schema.patternProperties) &&
    !isRecord(schema.propertyNames)
  );
}

/** A small JSON value of any primitive type: the value of an extra property the schema says nothing about. */
export const anyPrimitive = (shapeOnly = false, charset: Charset = 'any'): Gen<unknown> =>
  oneOf<unknown>(
    { gen: charactersGen(0, 12, { shapeOnly, charset }), weight: 2 },
    { gen: bigIntBetween(-1000n, 1000n), weight: 1 },
    { gen: booleans(), weight: 1 },
    { gen: constant(null), weight: 1 },
  );

/** Random objects for a flattened object schema. */
export function objectGen(
  schema: SchemaObject,
  scope: SchemaScope,
  depth: number,
  recurse: Recurse,
): Gen<Record<string, unknown>> {
  const { properties, required } = requestProperties(schema, scope);
  const names =
    depth >= (scope.maxDepth ?? MAX_DEPTH) ? required : [...new Set([...Object.keys(properties), ...required])];
  const model: Record<string, Gen<unknown>> = {};
  const shapeOnly = scope.shapeOnly === true;
  for (const name of names)
    model[name] = name in properties ? recurse(properties[name], depth + 1) : anyPrimitive(shapeOnly, scope.charset);
  const declared = recordOf(model, required);
  if (
    !allowsExtraProperties(schema) ||
    depth >= MAX_DEPTH ||
    scope.direction === 'response' ||
    scope.extraProperties === false
  )
    return declared;

  const extraValue = isRecord(schema.additionalProperties)
    ? recurse(schema.additionalProperties, depth + 1)
    : anyPrimitive(shapeOnly, scope.charset);
  const extraKey = filtered(
    charactersGen(1, 12, { shapeOnly, charset: scope.charset }),
    (key) => !(key in model) && !(key in (isRecord(schema.properties) ? schema.properties : {})),
  );
  // Most bodies have no extra property; a quarter carry one to three, which shrinking drops.
  const extras = oneOfShrinkingToFirst<Record<string, unknown>>(
    { gen: constant(NO_EXTRAS), weight: 3 },
    { gen: dictionaryOf(extraKey, extraValue, 1, 3), weight: 1 },
  );
  // Extras come first in the tuple: fast-check shrinks components in order, so they are dropped early.
  return mapped(
    tupleOf<[Record<string, unknown>, Record<string, unknown>]>(extras, declared),
    ([extra, own]) => ({ ...own, ...extra }),
    (value) => {
      if (!isRecord(value)) throw new Error('not an object');
      const own: Record<string, unknown> = {};
      const extra: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) (key in model ? own : extra)[key] = child;
      return [Object.keys(extra).length === 0 ? NO_EXTRAS : extra, own] as [
        Record<string, unknown>,
        Record<string, unknown>,
      ];
    },
  );
}

/** Random arrays for a flattened array schema (uniqueItems honoured). */
export function arrayGen(schema: SchemaObject, depth: number, recurse: Recurse, maxDepth = MAX_DEPTH): Gen<unknown[]> {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max =
    depth >= maxDepth
      ? min
      : Math.max(min, typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, min + 5) : min + 5);
  const item = recurse(isRecord(schema.items) ? schema.items : undefined, depth + 1);
  const array = schema.uniqueItems === true ? uniqueArrayOf(item, min, max, toJsonText) : arrayOf(item, min, max);
  if (!isRecord(schema.contains)) return array;
  // `contains` (JSON Schema 2020-12 section 10.3.1.2): one item is drawn from the contains schema, the rest as usual.
  const contained = recurse(
    isRecord(schema.items) ? { allOf: [schema.items, schema.contains] } : schema.contains,
    depth + 1,
  );
  const rest =
    schema.uniqueItems === true
      ? uniqueArrayOf(item, Math.max(0, min - 1), Math.max(0, max - 1), toJsonText)
      : arrayOf(item, Math.max(0, min - 1), Math.max(0, max - 1));
  return mapped(tupleOf<[unknown, unknown[]]>(contained, rest), ([first, others]) => [first, ...others]);
}
