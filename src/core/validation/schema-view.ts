/**
 * OpenAPI Schema Objects as plain JSON Schema 2020-12, seen from one side of
 * the wire. One Ajv dialect then serves both OpenAPI lines:
 * - 3.0 (OAS 3.0.3 section 4.7.24): `nullable` becomes a `null` type, boolean
 *   `exclusiveMinimum`/`exclusiveMaximum` become numeric, `$ref` siblings are dropped.
 * - `nullable` never reaches Ajv, which reads it itself and throws on a schema
 *   without `type` ("nullable" cannot be used without "type"): see {@link readNullable}.
 * - request view: `readOnly` properties are not required (OAS 4.8.24, Fixed Fields);
 *   response view: `writeOnly` properties are not required.
 * - `type: integer` gets the x-plantkit-integer keyword (exact int32/int64 ranges).
 * - closed view (`--strict`): object schemas reject properties they do not declare.
 * Input schemas are never modified; shared and circular sub-schemas stay shared.
 */
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';
import { EXACT_INTEGER_KEYWORD } from './exact-integer.js';

/** Which side of the wire a schema describes. */
export type Direction = 'request' | 'response';

/** How to view schemas. */
export interface SchemaViewOptions {
  version: OpenApiVersion;
  direction: Direction;
  /** Reject undeclared properties (unevaluatedProperties: false) at every value position. */
  closed: boolean;
}

const SINGLE = ['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'contentSchema', 'unevaluatedItems'];
const BRANCH_LISTS = ['allOf', 'anyOf', 'oneOf'];
const VALUE_SINGLE = ['items', 'additionalItems', 'additionalProperties', 'unevaluatedProperties'];
const VALUE_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/** A memoised transformer from OpenAPI schemas to the chosen view. */
export function createSchemaView(
  options: SchemaViewOptions,
): (schema: SchemaObject, atValue?: boolean) => SchemaObject {
  const memo = { value: new WeakMap<object, SchemaObject>(), branch: new WeakMap<object, SchemaObject>() };

  const view = (schema: SchemaObject, atValue = true): SchemaObject => {
    if (typeof schema !== 'object' || schema === null) return schema;
    const cache = atValue ? memo.value : memo.branch;
    const cached = cache.get(schema);
    if (cached) return cached;
    const out: SchemaObject = {};
    cache.set(schema, out);

    const source = options.version === '3.0' && typeof schema.$ref === 'string' ? { $ref: schema.$ref } : schema;
    for (const [key, value] of Object.entries(source)) out[key] = value;
    for (const key of SINGLE) if (isSchema(source[key])) out[key] = view(source[key] as SchemaObject, false);
    for (const key of VALUE_SINGLE) if (isSchema(source[key])) out[key] = view(source[key] as SchemaObject, true);
    for (const key of BRANCH_LISTS)
      if (Array.isArray(source[key])) out[key] = (source[key] as SchemaObject[]).map((branch) => view(branch, false));
    if (Array.isArray(source.prefixItems))
      out.prefixItems = (source.prefixItems as SchemaObject[]).map((item) => view(item, true));
    for (const key of VALUE_MAPS) {
      if (!isSchema(source[key])) continue;
      out[key] = Object.fromEntries(
        Object.entries(source[key] as Record<string, SchemaObject>).map(([name, child]) => [name, view(child, true)]),
      );
    }

    if (options.version === '3.0') applyOpenApi30(out);
    dropOneSidedRequired(out, options.direction);
    markIntegers(out);
    readNullable(out);
    if (options.closed && atValue && declaresProperties(out)) {
      if (out.additionalProperties === undefined && out.unevaluatedProperties === undefined)
        out.unevaluatedProperties = false;
    }
    return out;
  };
  return view;
}

/** OAS 3.0 keyword semantics expressed in 2020-12. */
function applyOpenApi30(schema: SchemaObject): void {
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[exclusive] === true && typeof schema[inclusive] === 'number') {
      schema[exclusive] = schema[inclusive];
      delete schema[inclusive];
    } else if (typeof schema[exclusive] === 'boolean') {
      delete schema[exclusive];
    }
  }
}

/**
 * `nullable` as OAS 3.0.3 section 4.7.24.1 means it: `true` adds `null` to
 * whatever the schema allows, `false` adds nothing. A schema without `type`
 * (common in generated specs: `nullable: true` beside `allOf`, or alone) is
 * read as "this schema, or null". 3.1 has no such keyword, but specs migrated
 * from 3.0 keep it, and Ajv already read it there where a `type` was given:
 * it is read the same way, so no schema fails to compile over it.
 */
function readNullable(schema: SchemaObject): void {
  if (!('nullable' in schema)) return;
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return;
  if (typeof schema.type === 'string' || Array.isArray(schema.type)) {
    const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
    if (!types.includes('null')) schema.type = [...types, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    return;
  }
  const rest = { ...schema };
  for (const key of Object.keys(schema)) delete schema[key];
  schema.anyOf = [{ type: 'null' }, rest];
}

function dropOneSidedRequired(schema: SchemaObject, direction: Direction): void {
  if (!Array.isArray(schema.required) || !isSchema(schema.properties)) return;
  const flag = direction === 'request' ? 'readOnly' : 'writeOnly';
  const properties = schema.properties as Record<string, SchemaObject>;
  const kept = (schema.required as string[]).filter((name) => properties[name]?.[flag] !== true);
  if (kept.length !== schema.required.length) schema.required = kept;
}

function markIntegers(schema: SchemaObject): void {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('integer')) return;
  schema[EXACT_INTEGER_KEYWORD] = schema.format === 'int32' || schema.format === 'int64' ? schema.format : true;
}

/** An object schema that names its properties, directly or through allOf/anyOf/oneOf. */
function declaresProperties(schema: SchemaObject, depth = 0): boolean {
  if (depth > 8) return false;
  if (isSchema(schema.properties) || isSchema(schema.patternProperties)) return true;
  return BRANCH_LISTS.some(
    (key) =>
      Array.isArray(schema[key]) &&
      (schema[key] as SchemaObject[]).some((branch) => declaresProperties(branch, depth + 1)),
  );
}

function isSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
