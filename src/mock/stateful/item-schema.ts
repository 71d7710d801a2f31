/**
 * The schema a stored item is built from: the collection's item schema (the
 * read's answer), widened by the properties another answer that serves the
 * item requires and the item schema does not declare. A create that alone
 * answers a webhook's `secret` (shown once, as many APIs do) is the common
 * case: without it no stored item could pass every answer that serves it.
 * Widened only where the item schema lets other properties in (JSON Schema
 * 2020-12 sections 10.3.2.3 and 11.3: no `additionalProperties: false`, no
 * `unevaluatedProperties: false`).
 */
import { isRecord, objectShape } from '../../schema/object-shape.js';
import { resolveSchema } from '../../spec/circular-refs.js';
import type { SchemaObject } from '../../spec/types.js';

/** `itemSchema`, or `itemSchema` and the properties `serving` schemas require that it lacks (allOf). */
export function servedItemSchema(itemSchema: SchemaObject, serving: readonly SchemaObject[]): SchemaObject {
  const declared = objectShape(itemSchema).properties;
  const extra: Record<string, SchemaObject> = {};
  for (const schema of serving) {
    const shape = objectShape(schema);
    for (const name of shape.required)
      if (!(name in declared) && !(name in extra) && shape.properties[name]) extra[name] = shape.properties[name]!;
  }
  if (Object.keys(extra).length === 0 || closed(itemSchema)) return itemSchema;
  return { allOf: [itemSchema, { type: 'object', properties: extra, required: Object.keys(extra) }] };
}

/** Whether the schema refuses properties it does not declare. */
function closed(given: SchemaObject): boolean {
  const schema = resolveSchema(given);
  return isRecord(schema) && (schema.additionalProperties === false || schema.unevaluatedProperties === false);
}
