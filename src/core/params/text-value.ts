/**
 * Parameter and form values arrive as text; the schema says what the text
 * stands for. `"12"` is the integer 12 where the schema wants an integer and
 * the string "12" where it allows strings (so a string schema never sees a
 * number). Long integers keep their exact text (core/json/exact-json.ts), so
 * int64 bounds are checked digit for digit, as in JSON bodies.
 * Ajv's own coercion is not used: it turns "" into 0 and "x" into an error
 * message about the coerced value, both of which would mislead.
 */
import { setExactNumber } from '../json/exact-json.js';
import { schemaTypes } from '../schema/object-shape.js';
import type { SchemaObject } from '../spec/types.js';

/** How a parameter's value is structured on the wire (OAS 4.8.12.4 style examples: primitive, array, object). */
export type ValueShape = 'primitive' | 'array' | 'object';

/** JSON number grammar (RFC 8259 section 6). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The shape a schema gives its value on the wire. */
export function valueShape(schema: SchemaObject | undefined): ValueShape {
  const types = schemaTypes(schema);
  if (types.includes('array')) return 'array';
  if (types.includes('object')) return 'object';
  return 'primitive';
}

/** The schema of the items of an array schema, or of property `name` of an object schema. */
export function childSchema(schema: SchemaObject | undefined, name?: string): SchemaObject | undefined {
  if (!schema) return undefined;
  if (name === undefined) {
    if (isSchema(schema.items)) return schema.items;
    // Stripe's `anyOf: [{type: array, items}, {enum: ['']}]`: the items of the branch that has them.
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const branch of Array.isArray(schema[key]) ? (schema[key] as SchemaObject[]) : []) {
        const found = childSchema(branch);
        if (found) return found;
      }
    return undefined;
  }
  const properties = isSchema(schema.properties) ? (schema.properties as Record<string, SchemaObject>) : {};
  if (properties[name]) return properties[name];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const branch of Array.isArray(schema[key]) ? (schema[key] as SchemaObject[]) : []) {
      const found = childSchema(branch, name);
      if (found) return found;
    }
  }
  return isSchema(schema.additionalProperties) ? (schema.additionalProperties as SchemaObject) : undefined;
}

/** Store the value `text` stands for in `container[key]`, typed by `schema`. */
export function putText(container: object, key: string | number, text: string, schema: SchemaObject | undefined): void {
  const types = schemaTypes(schema);
  const record = container as Record<string | number, unknown>;
  const numberNotString = numberOverString(schema, text);
  if (types.length === 0 || (types.includes('string') && !numberNotString)) {
    record[key] = text;
  } else if (((types.includes('integer') || types.includes('number')) && JSON_NUMBER.test(text)) || numberNotString) {
    setExactNumber(container, key, text);
  } else if (types.includes('boolean') && (text === 'true' || text === 'false')) {
    record[key] = text === 'true';
  } else if (types.includes('null') && (text === 'null' || text === '')) {
    record[key] = null;
  } else {
    // Left as text: the validator then says what was expected.
    record[key] = text;
  }
}

/**
 * Whether `text` is a number that only a numeric alternative of `schema` can hold: every string
 * alternative leaves it out by its `enum` or `const`. Stripe's `anyOf: [{type: string, enum: [inf]},
 * {type: integer}]` takes `5` as the integer 5 and `inf` as text.
 */
function numberOverString(schema: SchemaObject | undefined, text: string): boolean {
  if (!schema || !JSON_NUMBER.test(text)) return false;
  const alternatives = [schema, ...['anyOf', 'oneOf'].flatMap((key) => asList(schema[key]))];
  const typed = (item: SchemaObject, name: string) =>
    item.type === name || (Array.isArray(item.type) && item.type.includes(name));
  const strings = alternatives.filter((item) => typed(item, 'string'));
  return (
    alternatives.some((item) => typed(item, 'integer') || typed(item, 'number')) &&
    strings.every(
      (item) => (Array.isArray(item.enum) && !item.enum.includes(text)) || ('const' in item && item.const !== text),
    )
  );
}

function asList(value: unknown): SchemaObject[] {
  return Array.isArray(value) ? (value as SchemaObject[]) : [];
}

/** `text` typed by `schema`, as a standalone value (exact text is lost beyond 2^53: use putText where it matters). */
export function fromText(text: string, schema: SchemaObject | undefined): unknown {
  const holder: Record<string, unknown> = {};
  putText(holder, 'value', text, schema);
  return holder.value;
}

/** An array of texts typed by the items schema. */
export function arrayFromTexts(texts: readonly string[], schema: SchemaObject | undefined): unknown[] {
  const items = childSchema(schema);
  const array: unknown[] = [];
  for (const [index, text] of texts.entries()) putText(array, index, text, items);
  return array;
}

/** An object from name/text pairs typed by the property schemas. */
export function objectFromPairs(
  pairs: ReadonlyArray<readonly [string, string]>,
  schema: SchemaObject | undefined,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, text] of pairs) putText(object, name, text, childSchema(schema, name));
  return object;
}

function isSchema(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
