/**
 * The mock's success answers show a frontend what it created: properties the
 * response schema declares take the request's values (POST {id, name, tag}
 * -> 200 {name, tag}), in static and in dynamic mode, so the mock keeps the
 * contracts/ echo rules. Declared optional properties the request left out
 * are dropped from static answers (an unrelated example's `tag` would
 * mislead) and kept in generated ones (generated data is the point there).
 * A value is copied only where it is valid for the response property's own
 * schema: a request `date` is not echoed into a response `date-time`, nor a
 * string into an array (issue 10 item 11).
 */
import { exactNumberText, setExactNumber } from '../core/json/exact-json.js';
import { type ObjectShape, objectShape } from '../core/schema/object-shape.js';
import type { SchemaObject } from '../core/spec/types.js';

/** Whether `value` is valid for the response property schema `schema` (default: always). */
export type PropertyCheck = (schema: SchemaObject, value: unknown) => boolean;

/** `response` with the request's values for every property `schema` declares and accepts. */
export function echoRequest(
  response: unknown,
  request: unknown,
  schema: SchemaObject | undefined,
  dropAbsent: boolean,
  accepts: PropertyCheck = () => true,
): unknown {
  if (!isObject(response) || !isObject(request) || !schema) return response;
  const shape = shapeOf(schema);
  const result: Record<string, unknown> = { ...response };
  // Keys, not entries: every echoed answer passes here, and entries allocate a pair per property.
  for (const name of Object.keys(shape.properties)) {
    const property = shape.properties[name]!;
    if (name in request && accepts(property, request[name])) {
      const exact = exactNumberText(request, name);
      if (exact !== undefined) setExactNumber(result, name, exact);
      else result[name] = request[name];
    } else if (!(name in request) && dropAbsent && !shape.required.includes(name)) {
      delete result[name];
    }
  }
  return result;
}

/** Merged shapes per response schema: every echoed answer asks, and a spec's schemas do not change (a reload builds new ones). */
const shapes = new WeakMap<SchemaObject, ObjectShape>();

function shapeOf(schema: SchemaObject): ObjectShape {
  // OpenAPI 3.1 allows boolean schemas, which a WeakMap cannot hold.
  if (typeof schema !== 'object' || schema === null) return objectShape(schema);
  let shape = shapes.get(schema);
  if (!shape) {
    shape = objectShape(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
