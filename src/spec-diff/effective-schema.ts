/**
 * The effective schema: what a Schema Object means once `$ref`s are resolved
 * and `allOf` branches are merged (required lists united, JSON Schema 2020-12
 * section 10.2.1.1: an instance must match every branch). Two specs are
 * compared through this form, so a refactor that keeps the meaning (allOf
 * split, `$ref` extraction, reordering) compares equal.
 * OAS 3.0 `nullable` becomes a `null` type, like a 3.1 type array (OAS 3.0.3
 * section 4.7.24.1); 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
 */
import { joinPointer, valueAt } from '../spec/json-pointer.js';
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';

/** A schema as a comparable record. */
export interface EffectiveSchema {
  /** Pointer (through the dereferenced document) of the node that defines it. */
  pointer: string;
  /** Sorted JSON types, `null` included when nullable; undefined: any type. */
  types: string[] | undefined;
  format: string | undefined;
  /** Allowed values (`enum`, or `const` as one value); undefined: unconstrained. */
  enum: unknown[] | undefined;
  properties: Map<string, EffectiveSchema>;
  required: Set<string>;
  items: EffectiveSchema | undefined;
  readOnly: boolean;
  writeOnly: boolean;
  /** Numeric and string bounds (JSON Schema 2020-12 validation sections 6.2, 6.3). */
  bounds: Bounds;
  /** `oneOf`/`anyOf` alternatives, effective too. */
  variants: { keyword: 'oneOf' | 'anyOf'; branches: EffectiveSchema[] } | undefined;
}

/** Bounds a schema puts on strings and numbers. */
export interface Bounds {
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maximum?: number;
  minimum?: number;
  exclusiveMaximum?: number;
  exclusiveMinimum?: number;
}

const MAX_DEPTH = 64;

/**
 * Effective schemas over one dereferenced document. Each call builds from one
 * root (a body or parameter schema) with its own memo, so pointers name the
 * path from that root and circular schemas terminate.
 */
export function createEffectiveSchemas(document: Record<string, unknown>, version: OpenApiVersion): (schema: unknown, pointer: string) => EffectiveSchema {
  let memo = new WeakMap<object, EffectiveSchema>();

  const build = (schema: unknown, pointer: string, depth: number): EffectiveSchema => {
    if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH) return empty(pointer, schema === false ? [] : undefined);
    const raw = schema as SchemaObject;
    // Circular references survive dereferencing as local $refs.
    if (typeof raw.$ref === 'string' && raw.$ref.startsWith('#')) {
      const target = valueAt(document, raw.$ref);
      if (target !== undefined && target !== raw) return build(target, raw.$ref.slice(1), depth + 1);
    }
    const cached = memo.get(raw);
    if (cached) return cached;
    const own = empty(pointer, undefined);
    memo.set(raw, own);
    fill(own, raw, pointer, (child, at) => build(child, at, depth + 1));
    if (!Array.isArray(raw.allOf)) return own;
    const merged = raw.allOf.reduce<EffectiveSchema>((acc, branch, index) => mergeSchemas(acc, build(branch, `${pointer}/allOf/${index}`, depth + 1)), own);
    Object.assign(own, merged, { pointer });
    // 3.0 `nullable` beside allOf without a `type`: "this schema, or null" (as validation/schema-view.ts reads it).
    if (version === '3.0' && raw.nullable === true && own.types && !own.types.includes('null')) own.types = [...own.types, 'null'].sort();
    return own;
  };

  const fill = (out: EffectiveSchema, raw: SchemaObject, pointer: string, child: (schema: unknown, at: string) => EffectiveSchema) => {
    const types = typeof raw.type === 'string' ? [raw.type] : Array.isArray(raw.type) ? raw.type.map(String) : undefined;
    if (types && version === '3.0' && raw.nullable === true) types.push('null');
    out.types = types ? [...new Set(types)].sort() : undefined;
    out.format = typeof raw.format === 'string' ? raw.format : undefined;
    out.enum = Array.isArray(raw.enum) ? raw.enum : 'const' in raw ? [raw.const] : undefined;
    if (out.enum && version === '3.0' && raw.nullable === true && !out.enum.includes(null)) out.enum = [...out.enum, null];
    out.required = new Set(Array.isArray(raw.required) ? raw.required.map(String) : []);
    out.readOnly = raw.readOnly === true;
    out.writeOnly = raw.writeOnly === true;
    out.bounds = readBounds(raw, version);
    const properties = raw.properties && typeof raw.properties === 'object' ? (raw.properties as Record<string, unknown>) : {};
    for (const [name, schema] of Object.entries(properties)) out.properties.set(name, child(schema, joinPointer(pointer, 'properties', name)));
    if (raw.items !== undefined && !Array.isArray(raw.items)) out.items = child(raw.items, `${pointer}/items`);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = raw[keyword];
      if (Array.isArray(list) && !out.variants) out.variants = { keyword, branches: list.map((branch, index) => child(branch, `${pointer}/${keyword}/${index}`)) };
    }
  };

  return (schema, pointer) => {
    memo = new WeakMap();
    return build(schema, pointer, 0);
  };
}

/** Both schemas at once (allOf): types intersected, properties and required united, bounds tightened. */
export function mergeSchemas(a: EffectiveSchema, b: EffectiveSchema): EffectiveSchema {
  const properties = new Map(a.properties);
  for (const [name, schema] of b.properties) {
    const existing = properties.get(name);
    properties.set(name, existing && existing !== schema ? mergeSchemas(existing, schema) : schema);
  }
  return {
    pointer: a.pointer,
    types: intersectTypes(a.types, b.types),
    format: a.format ?? b.format,
    enum: a.enum && b.enum ? a.enum.filter((value) => b.enum!.some((other) => sameValue(value, other))) : (a.enum ?? b.enum),
    properties,
    required: new Set([...a.required, ...b.required]),
    items: a.items && b.items && a.items !== b.items ? mergeSchemas(a.items, b.items) : (a.items ?? b.items),
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    bounds: tighten(a.bounds, b.bounds),
    variants: a.variants ?? b.variants,
  };
}

/** Deep equality of two JSON values (enum members). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function intersectTypes(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (!a) return b;
  if (!b) return a;
  const kept = a.flatMap((type) => (b.includes(type) ? [type] : type === 'number' && b.includes('integer') ? ['integer'] : type === 'integer' && b.includes('number') ? ['integer'] : []));
  return [...new Set(kept)].sort();
}

function tighten(a: Bounds, b: Bounds): Bounds {
  const pick = (x: number | undefined, y: number | undefined, f: (...n: number[]) => number) => (x === undefined ? y : y === undefined ? x : f(x, y));
  const out: Bounds = {
    maxLength: pick(a.maxLength, b.maxLength, Math.min),
    minLength: pick(a.minLength, b.minLength, Math.max),
    maximum: pick(a.maximum, b.maximum, Math.min),
    minimum: pick(a.minimum, b.minimum, Math.max),
    exclusiveMaximum: pick(a.exclusiveMaximum, b.exclusiveMaximum, Math.min),
    exclusiveMinimum: pick(a.exclusiveMinimum, b.exclusiveMinimum, Math.max),
    pattern: a.pattern ?? b.pattern,
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined)) as Bounds;
}

function readBounds(raw: SchemaObject, version: OpenApiVersion): Bounds {
  const bounds: Bounds = {};
  for (const key of ['maxLength', 'minLength', 'maximum', 'minimum'] as const) if (typeof raw[key] === 'number') bounds[key] = raw[key] as number;
  if (typeof raw.pattern === 'string') bounds.pattern = raw.pattern;
  for (const [exclusive, inclusive] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    const value = raw[exclusive];
    if (typeof value === 'number') bounds[exclusive] = value;
    else if (value === true && version === '3.0' && typeof raw[inclusive] === 'number') {
      bounds[exclusive] = raw[inclusive] as number;
      delete bounds[inclusive];
    }
  }
  return bounds;
}

function empty(pointer: string, types: string[] | undefined): EffectiveSchema {
  return {
    pointer,
    types,
    format: undefined,
    enum: undefined,
    properties: new Map(),
    required: new Set(),
    items: undefined,
    readOnly: false,
    writeOnly: false,
    bounds: {},
    variants: undefined,
  };
}
