/**
 * The schema a stored item is built from: the collection's item schema (the
 * read's answer), widened by the properties another answer that serves the
 * item requires and the item schema does not declare or leaves optional. A create that alone
 * answers a webhook's `secret` (shown once, as many APIs do) is the common
 * case: without it no stored item could pass every answer that serves it.
 * Widened only where the item schema lets other properties in (JSON Schema
 * 2020-12 sections 10.3.2.3 and 11.3: no `additionalProperties: false`, no
 * `unevaluatedProperties: false`).
 */
import { isRecord, objectShape } from '../../core/schema/object-shape.js';
import { resolveSchema } from '../../core/spec/circular-refs.js';
import type { SchemaObject } from '../../core/spec/types.js';

/**
 * `itemSchema`, or `itemSchema` and what `serving` schemas require that it does not: properties it lacks (where it
 * lets them in), and properties it declares as optional (Adyen's create answers `associatedMerchantAccounts`, which
 * its read leaves optional). Without the latter no item written with the client's values passes the create.
 */
export function servedItemSchema(itemSchema: SchemaObject, serving: readonly SchemaObject[]): SchemaObject {
  const own = objectShape(itemSchema);
  const extra: Record<string, SchemaObject> = {};
  const required = new Set<string>();
  for (const schema of serving) {
    const shape = objectShape(schema);
    for (const name of shape.required) {
      if (name in own.properties) {
        if (!own.required.includes(name)) required.add(name);
      } else if (!(name in extra) && shape.properties[name]) extra[name] = shape.properties[name]!;
    }
  }
  const open = !closed(itemSchema);
  if (open) for (const name of Object.keys(extra)) required.add(name);
  if (required.size === 0) return itemSchema;
  const added: SchemaObject = { type: 'object', required: [...required] };
  if (open && Object.keys(extra).length > 0) added.properties = extra;
  return { allOf: [itemSchema, added] };
}

/** Whether the schema refuses properties it does not declare. */
function closed(given: SchemaObject): boolean {
  const schema = resolveSchema(given);
  return isRecord(schema) && (schema.additionalProperties === false || schema.unevaluatedProperties === false);
}
