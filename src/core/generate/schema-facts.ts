/**
 * What the generators need to know about a Schema Object, read once:
 * local `$ref`s that survived dereferencing (circular schemas) resolved with
 * a depth bound, `allOf` folded into one schema, the JSON types allowed
 * (OAS 3.0 `nullable` and 3.1 `type: [..., 'null']` alike).
 * Generated values are validated by the compiled request validator before
 * they are sent, so approximations here never cause false alarms: at worst
 * a value is discarded.
 */
import { canonicalJson } from '../json/exact-json.js';
import { valueAt } from '../json/json-pointer.js';
import { isRecord, type JsonTypeName, jsonType } from '../schema/object-shape.js';
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';
import type { Charset } from './strings.js';

/** Where schemas come from: the dereferenced document (for circular `$ref`s) and its OpenAPI line. */
export interface SchemaScope {
  document: Record<string, unknown>;
  version: OpenApiVersion;
  /**
   * Shrink shapes only: string lengths (cut from the end, by binary search),
   * numbers, optional and extra properties, but no character. The first
   * shrinking pass uses it, so a failure reaches its smallest shape in few
   * requests; the second pass (the default) removes and simplifies
   * characters anywhere in a string.
   */
  shapeOnly?: boolean;
  /**
   * Which side of the wire values are for (default `request`): requests
   * leave out `readOnly` properties, responses `writeOnly` ones and carry no
   * undeclared properties (OAS 4.8.24; the mock's generated answers).
   */
  direction?: 'request' | 'response';
  /** Depth below which optional properties and extra array items are generated (default MAX_DEPTH); the mock's answers use less, as wide schemas (Stripe's) grow exponentially. */
  maxDepth?: number;
  /** Characters strings may hold (default `any`; `header` for header and cookie parameters). */
  charset?: Charset;
  /**
   * Whether objects may carry undeclared properties (default: where the
   * schema allows them). Parameters never do: an extra key of an exploded
   * object would read as a parameter of its own (OAS 4.8.12.4).
   */
  extraProperties?: boolean;
}

/** How deep generators follow nested and circular schemas before keeping to required parts only. */
export const MAX_DEPTH = 4;

/** A JSON type name (JSON Schema 2020-12 section 6.1.1). */
export type { JsonTypeName };

const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];

/** `schema` with local `$ref` resolved and `allOf` merged into it (the result is a new object). */
export function flatten(schema: SchemaObject | undefined, scope: SchemaScope, hops = 0): SchemaObject {
  if (!isRecord(schema) || hops > 16) return {};
  let own: SchemaObject = schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#')) {
    const { $ref, ...siblings } = schema;
    const target = flatten(valueAt(scope.document, $ref as string) as SchemaObject | undefined, scope, hops + 1);
    // OAS 3.0 ignores siblings of $ref (section 4.7.23); 3.1 applies them too.
    own = scope.version === '3.0' ? target : mergeSchemas(target, siblings);
  }
  const branches = Array.isArray(own.allOf) ? (own.allOf as SchemaObject[]) : [];
  if (branches.length === 0) return { ...own };
  const { allOf: _allOf, ...rest } = own;
  return branches.reduce<SchemaObject>((merged, branch) => mergeSchemas(merged, flatten(branch, scope, hops + 1)), {
    ...rest,
  });
}

/** Two schemas a value must both satisfy, as one (bounds tightened, properties and required united). */
export function mergeSchemas(a: SchemaObject, b: SchemaObject): SchemaObject {
  const merged: SchemaObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else if (key === 'properties' && isRecord(existing) && isRecord(value))
      merged[key] = mergeProperties(existing, value);
    else if (key === 'required' && Array.isArray(existing) && Array.isArray(value))
      merged[key] = [...new Set([...existing, ...value])];
    else if (LOWER_BOUNDS.includes(key) && typeof existing === 'number' && typeof value === 'number')
      merged[key] = Math.max(existing, value);
    else if (UPPER_BOUNDS.includes(key) && typeof existing === 'number' && typeof value === 'number')
      merged[key] = Math.min(existing, value);
    else if (key === 'type') merged[key] = intersectTypes(existing, value);
    else if (key === 'enum' && Array.isArray(existing) && Array.isArray(value))
      merged[key] = existing.filter((item) => value.some((other) => sameJson(item, other)));
    else if (key === 'additionalProperties' && value === false) merged[key] = false;
  }
  return merged;
}

/** The JSON types `schema` allows; empty when it allows any. */
export function allowedTypes(schema: SchemaObject, version: OpenApiVersion): JsonTypeName[] {
  const types = declaredTypes(schema);
  if (version === '3.0' && schema.nullable === true && types.length > 0 && !types.includes('null')) types.push('null');
  return types;
}

function declaredTypes(schema: SchemaObject): JsonTypeName[] {
  if (typeof schema.type === 'string') return [schema.type as JsonTypeName];
  if (Array.isArray(schema.type)) return [...(schema.type as JsonTypeName[])];
  if (schema.const !== undefined) return [jsonType(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [...new Set(schema.enum.map(jsonType))];
  if (isRecord(schema.properties) || Array.isArray(schema.required) || schema.additionalProperties !== undefined)
    return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern !== undefined)
    return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined)
    return ['number'];
  return [];
}

/** True when a value of type `type` satisfies a schema allowing `allowed` (integers are numbers too). */
export function typeAllowed(type: JsonTypeName, allowed: readonly JsonTypeName[]): boolean {
  return allowed.length === 0 || allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
}

function mergeProperties(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...a };
  for (const [name, schema] of Object.entries(b))
    merged[name] = merged[name] && merged[name] !== schema ? { allOf: [merged[name], schema] } : schema;
  return merged;
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  const both = left.filter((type) => right.includes(type) || (type === 'integer' && right.includes('number')));
  for (const type of right)
    if (type === 'integer' && left.includes('number') && !both.includes('integer')) both.push('integer');
  return both.length === 1 ? both[0] : both;
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson({ value: a }, 'value') === canonicalJson({ value: b }, 'value');
}
