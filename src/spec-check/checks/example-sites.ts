/**
 * Every example of a dereferenced spec with the schema it must match and the
 * side of the wire it describes (OAS 3.1.0 sections 4.8.14 Media Type, 4.8.12
 * Parameter, 4.8.24 Schema `example`/`examples`):
 * - request bodies and parameters are requests, responses are responses;
 * - a schema's own examples take the directions in which the schema is used
 *   (reached from a request, a response, or both); an unused schema, either.
 */
import { isJsonMediaType } from '../../http/media-type.js';
import { joinPointer, valueAt } from '../../spec/json-pointer.js';
import { listOperations } from '../../spec/operations.js';
import type { NamedExample, OpenApiVersion, SchemaObject } from '../../spec/types.js';
import type { Direction } from '../../validation/schema-view.js';

/** One example to validate. */
export interface ExampleSite {
  /** `request body example 'monstera' of addPlant`: names the example in messages. */
  label: string;
  value: unknown;
  /** Pointer of the example value in the dereferenced document. */
  pointer: string;
  schema: SchemaObject;
  /** The example is valid when it is valid seen from any of these. */
  directions: Direction[];
}

const BOTH: Direction[] = ['request', 'response'];
const SINGLE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas'];

/** All examples of `document`. */
export function listExampleSites(document: Record<string, unknown>, version: OpenApiVersion): ExampleSite[] {
  const sites: ExampleSite[] = [];
  const schemaUse = new Map<object, { pointer: string; directions: Set<Direction> }>();
  // Descend into a schema the first time it is seen, and again when seen from a new direction.
  const mark = (schema: SchemaObject | undefined, pointer: string, direction: Direction | undefined) =>
    walkSchemas(document, schema, pointer, (node, at) => {
      const use = schemaUse.get(node);
      if (!use) {
        schemaUse.set(node, { pointer: at, directions: new Set(direction ? [direction] : []) });
        return true;
      }
      if (direction === undefined || use.directions.has(direction)) return false;
      use.directions.add(direction);
      return true;
    });
  const add = (examples: NamedExample[], schema: SchemaObject | undefined, direction: Direction, label: string) => {
    if (!isSchemaObject(schema)) return;
    for (const example of examples)
      sites.push({
        label: `${label} example '${example.name}'`,
        value: example.value,
        pointer: example.pointer,
        schema,
        directions: [direction],
      });
  };

  for (const operation of listOperations(document)) {
    for (const parameter of operation.parameters) {
      add(
        parameter.examples,
        parameter.schema,
        'request',
        `${parameter.in} parameter '${parameter.name}' of ${operation.id}:`,
      );
      mark(parameter.schema, `${parameter.pointer}/schema`, 'request');
    }
    for (const media of operation.requestBody?.content ?? []) {
      if (!isJsonMediaType(media.mediaType.toLowerCase())) continue;
      add(media.examples, media.schema, 'request', `request body of ${operation.id}:`);
      mark(media.schema, media.schemaPointer, 'request');
    }
    for (const response of operation.responses) {
      for (const media of response.content) {
        if (!isJsonMediaType(media.mediaType.toLowerCase())) continue;
        add(media.examples, media.schema, 'response', `response ${response.status} of ${operation.id}:`);
        mark(media.schema, media.schemaPointer, 'response');
      }
    }
  }
  const components = (valueAt(document, '/components/schemas') ?? {}) as Record<string, SchemaObject>;
  for (const [name, schema] of Object.entries(components))
    mark(schema, joinPointer('/components/schemas', name), undefined);

  for (const [schema, use] of schemaUse) {
    const directions = use.directions.size > 0 ? [...use.directions] : BOTH;
    for (const example of schemaExamples(schema as SchemaObject, use.pointer, version)) {
      sites.push({
        label: `schema example`,
        value: example.value,
        pointer: example.pointer,
        schema: schema as SchemaObject,
        directions,
      });
    }
  }
  return sites;
}

/** A schema's `example` (3.0 and 3.1) and `examples` list (3.1, JSON Schema 2020-12 section 9.5). */
function schemaExamples(
  schema: SchemaObject,
  pointer: string,
  version: OpenApiVersion,
): Array<{ value: unknown; pointer: string }> {
  const found = schema.example === undefined ? [] : [{ value: schema.example, pointer: `${pointer}/example` }];
  if (version === '3.1' && Array.isArray(schema.examples)) {
    for (const [index, value] of schema.examples.entries())
      found.push({ value, pointer: `${pointer}/examples/${index}` });
  }
  return found;
}

/**
 * Visit `schema` and every sub-schema (circular `$ref`s left by the
 * dereferencer are followed once). `visit` returns false to stop descending.
 */
function walkSchemas(
  document: unknown,
  schema: unknown,
  pointer: string,
  visit: (node: object, pointer: string) => boolean,
): void {
  if (!isSchemaObject(schema)) return;
  const target =
    typeof schema.$ref === 'string' && schema.$ref.startsWith('#') ? valueAt(document, schema.$ref) : undefined;
  if (isSchemaObject(target)) return walkSchemas(document, target, schema.$ref as string, visit);
  if (!visit(schema, pointer)) return;
  for (const key of SINGLE) walkSchemas(document, schema[key], `${pointer}/${key}`, visit);
  for (const key of LISTS) {
    if (!Array.isArray(schema[key])) continue;
    for (const [index, child] of (schema[key] as unknown[]).entries())
      walkSchemas(document, child, `${pointer}/${key}/${index}`, visit);
  }
  for (const key of MAPS) {
    for (const [name, child] of Object.entries(isSchemaObject(schema[key]) ? (schema[key] as SchemaObject) : {}))
      walkSchemas(document, child, joinPointer(pointer, key, name), visit);
  }
}

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
