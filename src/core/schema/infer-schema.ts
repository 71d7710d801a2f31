/**
 * A JSON Schema inferred from values seen on the wire (the bodies of a spec
 * gap), for a person to review: types, object properties (required where
 * every value has them), array items. It never narrows beyond what was
 * seen (no formats, patterns, enums or closed objects), so every value it
 * was inferred from is valid against it, and so are bodies of the same
 * shape. OpenAPI 3.1 schemas are JSON Schema 2020-12 (`type: [a, b]`,
 * `type: 'null'`); 3.0 schemas have no `null` type and mark it with
 * `nullable` (OAS 3.0.3 section 4.7.24).
 */
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';

/** The schema every value of `values` is valid against; `{}` (anything) for none. */
export function inferSchema(values: readonly unknown[], version: OpenApiVersion): SchemaObject {
  if (values.length === 0) return {};
  const byType = new Map<string, unknown[]>();
  for (const value of values) {
    const type = jsonType(value);
    byType.set(type, [...(byType.get(type) ?? []), value]);
  }
  // An integer seen beside a number is a number.
  if (byType.has('integer') && byType.has('number')) {
    byType.set('number', [...byType.get('number')!, ...byType.get('integer')!]);
    byType.delete('integer');
  }
  const nullable = byType.delete('null');
  const schemas = [...byType.entries()].map(([type, seen]) => schemaOfType(type, seen, version));
  if (schemas.length === 0) return version === '3.1' ? { type: 'null' } : { nullable: true };
  if (schemas.length === 1) return withNull(schemas[0]!, nullable, version);
  if (version === '3.1' && schemas.every((schema) => Object.keys(schema).length === 1))
    return { type: [...schemas.map((schema) => schema.type as string), ...(nullable ? ['null'] : [])] };
  if (version === '3.1') return { anyOf: nullable ? [...schemas, { type: 'null' }] : schemas };
  return { anyOf: schemas.map((schema) => withNull(schema, nullable, version)) };
}

function schemaOfType(type: string, values: readonly unknown[], version: OpenApiVersion): SchemaObject {
  if (type === 'object') return objectSchema(values as Array<Record<string, unknown>>, version);
  if (type === 'array') return { type: 'array', items: inferSchema((values as unknown[][]).flat(), version) };
  return { type };
}

function objectSchema(values: ReadonlyArray<Record<string, unknown>>, version: OpenApiVersion): SchemaObject {
  const names: string[] = [];
  for (const value of values) for (const name of Object.keys(value)) if (!names.includes(name)) names.push(name);
  const properties = Object.fromEntries(
    names.map((name) => [
      name,
      inferSchema(
        values.filter((value) => Object.hasOwn(value, name)).map((value) => value[name]),
        version,
      ),
    ]),
  );
  const required = names.filter((name) => values.every((value) => Object.hasOwn(value, name)));
  return { type: 'object', ...(required.length > 0 ? { required } : {}), properties };
}

function withNull(schema: SchemaObject, nullable: boolean, version: OpenApiVersion): SchemaObject {
  if (!nullable) return schema;
  if (version === '3.0') return { ...schema, nullable: true };
  return { ...schema, type: [schema.type as string, 'null'] };
}

/** The JSON Schema type of a parsed JSON value. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'bigint') return 'integer';
  return typeof value === 'object' ? 'object' : typeof value;
}
