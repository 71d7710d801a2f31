/**
 * The effective schema: what a Schema Object means once `$ref`s are resolved
 * and `allOf` branches are merged (required lists united, JSON Schema 2020-12
 * section 10.2.1.1: an instance must match every branch). Two specs are
 * compared through this form, so a refactor that keeps the meaning (allOf
 * split, `$ref` extraction, reordering) compares equal.
 * OAS 3.0 `nullable` becomes a `null` type, like a 3.1 type array (OAS 3.0.3
 * section 4.7.24.1); 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
 * Keywords that do not apply to the schema's types are dropped (see
 * schema-applicability.ts), so adding `maximum` to an array changes nothing.
 */
import { joinPointer, valueAt } from '../spec/json-pointer.js';
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';
import { dropInapplicable } from './schema-applicability.js';
import { mergeSchemas } from './schema-merge.js';

export { sameValue } from './same-value.js';

/** A schema as a comparable record. */
export interface EffectiveSchema {
  /** Pointer (through the dereferenced document) of the node that defines it. */
  pointer: string;
  /** Name under `components/schemas` when this node is that component (a hint for matching oneOf branches). */
  component: string | undefined;
  /** Sorted JSON types, `null` included when nullable; undefined: any type; []: nothing (the `false` schema). */
  types: string[] | undefined;
  format: string | undefined;
  /** Allowed values (`enum`, or `const` as one value); undefined: unconstrained. */
  enum: unknown[] | undefined;
  /** The `default` annotation, boxed so that `default: null` is kept. */
  default: { value: unknown } | undefined;
  properties: Map<string, EffectiveSchema>;
  required: Set<string>;
  /** `additionalProperties` as a schema (`false` is the empty type set); undefined when absent or `true`. */
  additionalProperties: EffectiveSchema | undefined;
  items: EffectiveSchema | undefined;
  readOnly: boolean;
  writeOnly: boolean;
  /** Numeric, string, array and object bounds (JSON Schema 2020-12 validation section 6). */
  bounds: Bounds;
  uniqueItems: boolean;
  /** `dependentRequired` (2020-12 validation section 6.5.4): property -> properties it requires. */
  dependentRequired: Map<string, Set<string>>;
  /**
   * The other 2020-12 applicators by location (core section 10): `prefixItems/0`,
   * `contains`, `dependentSchemas/<name>`, `patternProperties/<regex>`,
   * `propertyNames`, `unevaluatedProperties`, `unevaluatedItems`, `if`, `then`, `else`, `not`.
   */
  subschemas: Map<string, EffectiveSchema>;
  /** `oneOf`/`anyOf` alternatives, effective too. */
  variants: { keyword: 'oneOf' | 'anyOf'; branches: EffectiveSchema[] } | undefined;
  /** OAS Discriminator `propertyName` (OAS 3.1.0 section 4.8.25): tools dispatch branches on it. */
  discriminator: string | undefined;
}

/** Bounds a schema puts on values (JSON Schema 2020-12 validation sections 6.2-6.5). */
export interface Bounds {
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maximum?: number;
  minimum?: number;
  exclusiveMaximum?: number;
  exclusiveMinimum?: number;
  multipleOf?: number;
  maxItems?: number;
  minItems?: number;
  maxContains?: number;
  minContains?: number;
  maxProperties?: number;
  minProperties?: number;
}

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

const MAX_DEPTH = 64;

/** The Schema Object each built node came from: nodes built from one object mean the same, whatever their root. */
const origins = new WeakMap<EffectiveSchema, object>();

/** The Schema Object `schema` was built from; undefined for a node derived by merging or splitting. */
export function originOf(schema: EffectiveSchema): object | undefined {
  return origins.get(schema);
}

/**
 * Effective schemas over one dereferenced document. Each call builds from one
 * root (a body or parameter schema) with its own memo, so pointers name the
 * path from that root and circular schemas terminate.
 */
export function createEffectiveSchemas(
  document: Record<string, unknown>,
  version: OpenApiVersion,
): (schema: unknown, pointer: string) => EffectiveSchema {
  let memo = new WeakMap<object, EffectiveSchema>();
  const components = componentNames(document);

  const build = (schema: unknown, pointer: string, depth: number): EffectiveSchema => {
    if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH)
      return emptySchema(pointer, schema === false ? [] : undefined);
    const raw = schema as SchemaObject;
    // Circular references survive dereferencing as local $refs.
    if (typeof raw.$ref === 'string' && raw.$ref.startsWith('#')) {
      const target = valueAt(document, raw.$ref);
      if (target !== undefined && target !== raw) return build(target, raw.$ref.slice(1), depth + 1);
    }
    const cached = memo.get(raw);
    if (cached) return cached;
    const own = emptySchema(pointer, undefined);
    own.component = components.get(raw);
    memo.set(raw, own);
    origins.set(own, raw);
    fill(own, raw, pointer, (child, at) => build(child, at, depth + 1));
    if (Array.isArray(raw.allOf)) {
      const merged = raw.allOf.reduce<EffectiveSchema>(
        (acc, branch, index) => mergeSchemas(acc, build(branch, `${pointer}/allOf/${index}`, depth + 1)),
        own,
      );
      Object.assign(own, merged, { pointer, component: own.component });
      // 3.0 `nullable` beside allOf without a `type`: "this schema, or null" (as validation/schema-view.ts reads it).
      if (version === '3.0' && raw.nullable === true && own.types && !own.types.includes('null'))
        own.types = [...own.types, 'null'].sort();
    }
    dropInapplicable(own);
    return own;
  };

  const fill = (
    out: EffectiveSchema,
    raw: SchemaObject,
    pointer: string,
    child: (schema: unknown, at: string) => EffectiveSchema,
  ) => {
    const types =
      typeof raw.type === 'string' ? [raw.type] : Array.isArray(raw.type) ? raw.type.map(String) : undefined;
    if (types && version === '3.0' && raw.nullable === true) types.push('null');
    out.types = types ? [...new Set(types)].sort() : undefined;
    out.format = typeof raw.format === 'string' ? raw.format : undefined;
    out.enum = Array.isArray(raw.enum) ? raw.enum : 'const' in raw ? [raw.const] : undefined;
    if (out.enum && version === '3.0' && raw.nullable === true && !out.enum.includes(null))
      out.enum = [...out.enum, null];
    out.default = 'default' in raw ? { value: raw.default } : undefined;
    if (Array.isArray(raw.required) && raw.required.length > 0) out.required = new Set(raw.required.map(String));
    out.readOnly = raw.readOnly === true;
    out.writeOnly = raw.writeOnly === true;
    out.uniqueItems = raw.uniqueItems === true;
    out.bounds = readBounds(raw, version);
    const discriminator = raw.discriminator as { propertyName?: unknown } | undefined;
    out.discriminator = typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined;
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
    const dependencies = Object.entries(asRecord(raw.dependentRequired)).filter((entry): entry is [string, unknown[]] =>
      Array.isArray(entry[1]),
    );
    if (dependencies.length > 0)
      out.dependentRequired = new Map(dependencies.map(([name, list]) => [name, new Set(list.map(String))]));
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = raw[keyword];
      if (Array.isArray(list) && !out.variants)
        out.variants = {
          keyword,
          branches: list.map((branch, index) => child(branch, `${pointer}/${keyword}/${index}`)),
        };
    }
  };

  return (schema, pointer) => {
    memo = new WeakMap();
    return build(schema, pointer, 0);
  };
}

/**
 * Empty collections shared by every schema that has none (most have no
 * applicators, many no properties): a big spec builds a node per schema and
 * operation. They refuse changes, so code that fills a schema assigns a
 * collection of its own instead.
 */
class EmptyMap<K, V> extends Map<K, V> {
  override set(): this {
    throw new Error('shared empty map: assign a new Map instead');
  }
}
class EmptySet<T> extends Set<T> {
  override add(): this {
    throw new Error('shared empty set: assign a new Set instead');
  }
}
const NO_SCHEMAS: Map<string, EffectiveSchema> = new EmptyMap();
const NO_NAMES: Set<string> = new EmptySet();
const NO_DEPENDENCIES: Map<string, Set<string>> = new EmptyMap();

/** A schema that constrains nothing (`types` undefined) or, with `[]`, accepts nothing. */
function emptySchema(pointer: string, types: string[] | undefined): EffectiveSchema {
  return {
    pointer,
    component: undefined,
    types,
    format: undefined,
    enum: undefined,
    default: undefined,
    properties: NO_SCHEMAS,
    required: NO_NAMES,
    additionalProperties: undefined,
    items: undefined,
    readOnly: false,
    writeOnly: false,
    bounds: {},
    uniqueItems: false,
    dependentRequired: NO_DEPENDENCIES,
    subschemas: NO_SCHEMAS,
    variants: undefined,
    discriminator: undefined,
  };
}

/** True when `schema` asserts nothing at all; with `annotations`, also no default, readOnly or writeOnly. */
export function isUnconstrained(schema: EffectiveSchema, annotations: boolean): boolean {
  const asserts =
    schema.types !== undefined ||
    schema.format !== undefined ||
    schema.enum !== undefined ||
    schema.properties.size > 0 ||
    schema.required.size > 0 ||
    schema.additionalProperties !== undefined ||
    schema.items !== undefined ||
    Object.keys(schema.bounds).length > 0 ||
    schema.uniqueItems ||
    schema.dependentRequired.size > 0 ||
    schema.subschemas.size > 0 ||
    schema.variants !== undefined ||
    schema.discriminator !== undefined;
  return !asserts && (!annotations || (schema.default === undefined && !schema.readOnly && !schema.writeOnly));
}

function readBounds(raw: SchemaObject, version: OpenApiVersion): Bounds {
  const bounds: Bounds = {};
  for (const key of NUMERIC_BOUNDS) if (typeof raw[key] === 'number') bounds[key] = raw[key] as number;
  if (typeof raw.pattern === 'string') bounds.pattern = raw.pattern;
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

/** Dereferenced component schemas by object identity (swagger-parser inlines the same object everywhere). */
function componentNames(document: Record<string, unknown>): Map<object, string> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(asRecord(asRecord(document.components).schemas))) {
    if (typeof schema === 'object' && schema !== null && !names.has(schema)) names.set(schema, name);
  }
  return names;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
