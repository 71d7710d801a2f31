/**
 * Values that break exactly one constraint of a schema (JSON Schema 2020-12
 * validation sections 6.1-6.4): type, enum, minimum/maximum, length,
 * pattern, format, array size, and for objects each declared property's
 * own constraints. Whether the result really is invalid is decided on the
 * wire by the request checks, never assumed here.
 */
import { objectShape, schemaTypes } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';

/** Longest string a length case sends (a 65535-character maxLength is not worth a 64 KiB request). */
const MAX_LENGTH_CASE = 4096;

/** Formats whose violation a plain word shows. */
const CHECKABLE_FORMATS = ['uuid', 'date', 'date-time', 'email', 'uri', 'ipv4', 'ipv6', 'hostname'];

/** Values that break one constraint each: [kind, value, what it breaks]. `base` is a valid object to break one property of. */
export function invalidValues(
  schema: SchemaObject,
  base?: Record<string, unknown>,
  depth = 0,
): Array<[string, unknown, string]> {
  const types = schemaTypes(schema);
  const values: Array<[string, unknown, string]> = [];
  if (types.includes('array')) {
    if (typeof schema.maxItems === 'number' && schema.maxItems < 50)
      values.push([
        'too-many-items',
        Array.from({ length: schema.maxItems + 1 }, (_, index) => sampleItem(schema, index)),
        `with ${schema.maxItems + 1} items (maxItems ${schema.maxItems})`,
      ]);
    const items = (schema.items ?? {}) as SchemaObject;
    const itemTypes = schemaTypes(items);
    if (itemTypes.length > 0 && !itemTypes.includes('string'))
      values.push(['wrong-item-type', ['plantkit-wrong-type'], `with an item that is not ${itemTypes.join(' or ')}`]);
    else if (Array.isArray(items.enum))
      values.push(['item-not-in-enum', ['plantkit-not-in-enum'], 'with an item outside its enum']);
    return values;
  }
  if (types.includes('object') && depth < 2) {
    // An object parameter (deepObject, form) or a nested body object: each property broken in turn, the rest left valid.
    for (const [name, property] of Object.entries(objectShape(schema).properties)) {
      for (const [kind, wrong, describe] of invalidValues(property, undefined, depth + 1))
        values.push([`${name}-${kind}`, { ...base, [name]: wrong }, `with ${name} ${describe}`]);
    }
    return values;
  }
  if (types.length > 0 && !types.includes('string') && !types.includes('object'))
    values.push(['wrong-type', 'plantkit-wrong-type', `that is not ${types.join(' or ')}`]);
  if (Array.isArray(schema.enum))
    values.push([
      'not-in-enum',
      'plantkit-not-in-enum',
      `outside its enum (${schema.enum.slice(0, 5).map(String).join(', ')})`,
    ]);
  if (typeof schema.minimum === 'number')
    values.push(['below-minimum', schema.minimum - 1, `below its minimum ${schema.minimum}`]);
  if (typeof schema.maximum === 'number')
    values.push(['above-maximum', schema.maximum + 1, `above its maximum ${schema.maximum}`]);
  if (types.includes('string') && !Array.isArray(schema.enum)) {
    if (typeof schema.maxLength === 'number' && schema.maxLength < MAX_LENGTH_CASE)
      values.push(['too-long', 'x'.repeat(schema.maxLength + 1), `longer than its maxLength ${schema.maxLength}`]);
    if (typeof schema.minLength === 'number' && schema.minLength >= 1)
      values.push(['too-short', 'x'.repeat(schema.minLength - 1), `shorter than its minLength ${schema.minLength}`]);
    if (typeof schema.pattern === 'string')
      values.push(['pattern-mismatch', '!plantkit!', `not matching its pattern ${schema.pattern}`]);
    if (typeof schema.format === 'string' && CHECKABLE_FORMATS.includes(schema.format))
      values.push(['wrong-format', 'plantkit-not-a-value-of-this-format', `that is not a ${schema.format}`]);
  }
  return values;
}

function sampleItem(schema: SchemaObject, index: number): unknown {
  const items = (schema.items ?? {}) as SchemaObject;
  if (Array.isArray(items.enum) && items.enum.length > 0) return items.enum[index % items.enum.length];
  return schemaTypes(items).includes('integer') || schemaTypes(items).includes('number') ? index + 1 : `item${index}`;
}
