/**
 * A Schema Object's own keywords read into an effective schema record:
 * types (3.0 `nullable` as a `null` type, OAS 3.0.3 section 4.7.24.1),
 * `enum`/`const`, bounds (3.0 boolean `exclusiveMinimum`/`exclusiveMaximum`
 * as numbers), properties, items and the 2020-12 applicators. Children are
 * built by the caller (effective-schema.ts), which follows `$ref`s and cycles.
 */
import { joinPointer } from '../core/json/json-pointer.js';
import { asRecord } from '../core/spec/content.js';
import type { OpenApiVersion, SchemaObject } from '../core/spec/types.js';
import type { Bounds, EffectiveSchema } from './schema-record.js';

/** Builds the effective schema of a child Schema Object found at `at`. */
export type BuildChild = (schema: unknown, at: string) => EffectiveSchema;

/** Numeric bound keywords read as they are written. */
const NUMERIC_BOUNDS = [
  'maxLength',
  'minLength',
  'maximum',
  'minimum',
  'multipleOf',
  'maxItems',
  'minItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
] as const;
/** Applicators holding one schema. */
const SINGLE_APPLICATORS = [
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
  'not',
] as const;
/** Applicators holding a map of schemas. */
const MAP_APPLICATORS = ['dependentSchemas', 'patternProperties'] as const;

/**
 * What a Schema Object says by itself, the same under every root it is built from (only pointers and
 * children differ): read once per Schema Object and version. Records share these values; they are
 * replaced, never changed in place, except `bounds`, which is copied into each record.
 */
interface OwnKeywords {
  version: OpenApiVersion;
  types: string[] | undefined;
  format: string | undefined;
  enum: unknown[] | undefined;
  default: { value: unknown } | undefined;
  required: Set<string> | undefined;
  readOnly: boolean;
  writeOnly: boolean;
  uniqueItems: boolean;
  bounds: Bounds;
  discriminator: string | undefined;
  dependentRequired: Map<string, Set<string>> | undefined;
}

/** Own keywords per Schema Object: dereferenced specs reuse one object under every `$ref` to it. */
const ownKeywords = new WeakMap<object, OwnKeywords>();

/** Fill `out` (a fresh record) with the keywords `raw` writes itself; `allOf` is the caller's. */
export function readKeywords(
  out: EffectiveSchema,
  raw: SchemaObject,
  pointer: string,
  version: OpenApiVersion,
  child: BuildChild,
): void {
  let own = ownKeywords.get(raw);
  if (own?.version !== version) ownKeywords.set(raw, (own = readOwnKeywords(raw, version)));
  out.types = own.types;
  out.format = own.format;
  out.enum = own.enum;
  out.default = own.default;
  if (own.required) out.required = own.required;
  out.readOnly = own.readOnly;
  out.writeOnly = own.writeOnly;
  out.uniqueItems = own.uniqueItems;
  // dropInapplicable deletes bounds from a record in place: each record has its own copy.
  out.bounds = { ...own.bounds };
  out.discriminator = own.discriminator;
  const properties = Object.entries(asRecord(raw.properties));
  if (properties.length > 0)
    out.properties = new Map(
      properties.map(([name, schema]) => [name, child(schema, joinPointer(pointer, 'properties', name))]),
    );
  // `true` and `{}` constrain nothing: only a constraining additionalProperties is kept.
  if (raw.additionalProperties !== undefined && raw.additionalProperties !== true)
    out.additionalProperties = child(raw.additionalProperties, `${pointer}/additionalProperties`);
  if (raw.items !== undefined && !Array.isArray(raw.items) && raw.items !== true)
    out.items = child(raw.items, `${pointer}/items`);
  readApplicators(out, raw, pointer, child);
  if (own.dependentRequired) out.dependentRequired = own.dependentRequired;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = raw[keyword];
    if (Array.isArray(list) && !out.variants)
      out.variants = {
        keyword,
        branches: list.map((branch, index) => child(branch, `${pointer}/${keyword}/${index}`)),
      };
  }
}

function readOwnKeywords(raw: SchemaObject, version: OpenApiVersion): OwnKeywords {
  const types = typeof raw.type === 'string' ? [raw.type] : Array.isArray(raw.type) ? raw.type.map(String) : undefined;
  if (types && version === '3.0' && raw.nullable === true) types.push('null');
  let values = Array.isArray(raw.enum) ? raw.enum : 'const' in raw ? [raw.const] : undefined;
  if (values && version === '3.0' && raw.nullable === true && !values.includes(null)) values = [...values, null];
  const discriminator = raw.discriminator as { propertyName?: unknown } | undefined;
  const dependencies = Object.entries(asRecord(raw.dependentRequired)).filter((entry): entry is [string, unknown[]] =>
    Array.isArray(entry[1]),
  );
  return {
    version,
    types: types ? [...new Set(types)].sort() : undefined,
    format: typeof raw.format === 'string' ? raw.format : undefined,
    enum: values,
    default: 'default' in raw ? { value: raw.default } : undefined,
    required: Array.isArray(raw.required) && raw.required.length > 0 ? new Set(raw.required.map(String)) : undefined,
    readOnly: raw.readOnly === true,
    writeOnly: raw.writeOnly === true,
    uniqueItems: raw.uniqueItems === true,
    bounds: readBounds(raw, version),
    discriminator: typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined,
    dependentRequired:
      dependencies.length > 0
        ? new Map(dependencies.map(([name, list]) => [name, new Set(list.map(String))]))
        : undefined,
  };
}

function readApplicators(out: EffectiveSchema, raw: SchemaObject, pointer: string, child: BuildChild): void {
  const subschemas: Array<[string, EffectiveSchema]> = [];
  if (Array.isArray(raw.prefixItems))
    for (const [index, item] of raw.prefixItems.entries())
      subschemas.push([`prefixItems/${index}`, child(item, `${pointer}/prefixItems/${index}`)]);
  for (const keyword of SINGLE_APPLICATORS)
    if (raw[keyword] !== undefined) subschemas.push([keyword, child(raw[keyword], `${pointer}/${keyword}`)]);
  for (const keyword of MAP_APPLICATORS) {
    for (const [key, schema] of Object.entries(asRecord(raw[keyword])))
      subschemas.push([`${keyword}/${key}`, child(schema, joinPointer(pointer, keyword, key))]);
  }
  if (subschemas.length > 0) out.subschemas = new Map(subschemas);
}

function readBounds(raw: SchemaObject, version: OpenApiVersion): Bounds {
  const bounds: Bounds = {};
  for (const key of NUMERIC_BOUNDS) if (typeof raw[key] === 'number') bounds[key] = raw[key] as number;
  if (typeof raw.pattern === 'string' && !matchesEveryString(raw.pattern)) bounds.pattern = raw.pattern;
  for (const [exclusive, inclusive] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
    const value = raw[exclusive];
    if (typeof value === 'number') bounds[exclusive] = value;
    else if (value === true && version === '3.0' && typeof raw[inclusive] === 'number') {
      bounds[exclusive] = raw[inclusive] as number;
      delete bounds[inclusive];
    }
  }
  return bounds;
}

/**
 * A `pattern` that every string matches asserts nothing: `''`, `.*`, `[\s\S]*`.
 * Patterns are searched, not anchored (JSON Schema 2020-12 validation section
 * 6.3.3), so one without anchors, boundaries, lookarounds or backreferences
 * that matches the empty string matches at the start of any string.
 */
function matchesEveryString(pattern: string): boolean {
  if (/[\^$]|\\[bB1-9k]|\(\?[=!<]/.test(pattern)) return false;
  try {
    return new RegExp(pattern, 'u').test('');
  } catch {
    return false;
  }
}
