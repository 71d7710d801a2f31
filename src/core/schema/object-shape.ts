/**
 * The properties an object schema declares once `allOf` is merged (required
 * lists united) and the first `oneOf`/`anyOf` branch is taken: the shape the
 * case builders fill in and take apart.
 */
import { resolveSchema } from '../spec/circular-refs.js';
import type { SchemaObject } from '../spec/types.js';

/** Declared properties of an object schema, allOf merged. */
export interface ObjectShape {
  properties: Record<string, SchemaObject>;
  required: string[];
}

/** The merged shape of `schema` (depth-limited so circular schemas terminate). */
export function objectShape(given: SchemaObject | undefined, depth = 0): ObjectShape {
  const schema = resolveSchema(given);
  const shape: ObjectShape = { properties: {}, required: [] };
  if (!schema || depth > 16) return shape;
  const parts: SchemaObject[] = [schema, ...asSchemas(schema.allOf)];
  const [firstBranch] = [...asSchemas(schema.oneOf), ...asSchemas(schema.anyOf)];
  for (const part of parts.slice(1)) mergeInto(shape, objectShape(part, depth + 1));
  if (firstBranch) mergeInto(shape, objectShape(firstBranch, depth + 1));
  mergeInto(shape, {
    properties: (isRecord(schema.properties) ? schema.properties : {}) as Record<string, SchemaObject>,
    required: Array.isArray(schema.required) ? schema.required.map(String) : [],
  });
  return shape;
}

/** The JSON types a schema allows, allOf/oneOf/anyOf consulted when `type` is absent. */
export function schemaTypes(given: SchemaObject | undefined, depth = 0): string[] {
  const schema = resolveSchema(given);
  if (!schema || depth > 16) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (schema.const !== undefined) return [jsonType(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [...new Set(schema.enum.map(jsonType))];
  if (isRecord(schema.properties) || Array.isArray(schema.required)) return ['object'];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const branch of asSchemas(schema[key])) {
      const types = schemaTypes(branch, depth + 1);
      if (types.length > 0) return types;
    }
  }
  return [];
}

/** JSON Schema's type names (`integer` is a `number` too). */
export type JsonTypeName = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** The JSON Schema type name of a value (`integer` for whole numbers and bigints). */
export function jsonType(value: unknown): JsonTypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as JsonTypeName;
  return 'object';
}

function mergeInto(target: ObjectShape, source: ObjectShape): void {
  for (const [name, property] of Object.entries(source.properties)) {
    // The same property in two allOf branches must satisfy both.
    const existing = target.properties[name];
    target.properties[name] = existing && existing !== property ? { allOf: [existing, property] } : property;
  }
  for (const name of source.required) if (!target.required.includes(name)) target.required.push(name);
}

function asSchemas(value: unknown): SchemaObject[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A plain object (not null, not an array): a schema, a JSON object. */
export function isRecord(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
