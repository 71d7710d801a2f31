/**
 * Every Schema Object a dereferenced spec uses, once each, with the first pointer it was met at and the
 * sides of the wire it describes there (reached from a request, a response, or both; a component no
 * operation reaches, neither). The examples check and the schemas check read the same list.
 */
import { isJsonMediaType } from '../../core/http/media-type.js';
import { joinPointer, valueAt } from '../../core/json/json-pointer.js';
import type { Operation, SchemaObject } from '../../core/spec/types.js';
import type { Direction } from '../../core/validation/schema-view.js';

/** Where a schema was first met, and from which sides. */
export interface SchemaUse {
  pointer: string;
  directions: Set<Direction>;
}

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

/** The schemas of `operations` (parameters, JSON bodies) and of `components/schemas`, and their sub-schemas. */
export function listSchemaUses(
  document: Record<string, unknown>,
  operations: readonly Operation[],
): Map<SchemaObject, SchemaUse> {
  const uses = new Map<SchemaObject, SchemaUse>();
  // Descend into a schema the first time it is seen, and again when seen from a new direction.
  const mark = (schema: SchemaObject | undefined, pointer: string, direction: Direction | undefined) =>
    walkSchemas(document, schema, pointer, (node, at) => {
      const use = uses.get(node);
      if (!use) {
        uses.set(node, { pointer: at, directions: new Set(direction ? [direction] : []) });
        return true;
      }
      if (direction === undefined || use.directions.has(direction)) return false;
      use.directions.add(direction);
      return true;
    });
  for (const operation of operations) {
    for (const parameter of operation.parameters) mark(parameter.schema, `${parameter.pointer}/schema`, 'request');
    for (const media of operation.requestBody?.content ?? [])
      if (isJsonMediaType(media.mediaType.toLowerCase())) mark(media.schema, media.schemaPointer, 'request');
    for (const response of operation.responses)
      for (const media of response.content)
        if (isJsonMediaType(media.mediaType.toLowerCase())) mark(media.schema, media.schemaPointer, 'response');
  }
  const components = (valueAt(document, '/components/schemas') ?? {}) as Record<string, SchemaObject>;
  for (const [name, schema] of Object.entries(components))
    mark(schema, joinPointer('/components/schemas', name), undefined);
  return uses;
}

/**
 * Visit `schema` and every sub-schema (circular `$ref`s left by the
 * dereferencer are followed once). `visit` returns false to stop descending.
 */
function walkSchemas(
  document: unknown,
  schema: unknown,
  pointer: string,
  visit: (node: SchemaObject, pointer: string) => boolean,
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

/** A JSON object (a Schema Object may be any). */
export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
