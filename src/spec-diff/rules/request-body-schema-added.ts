/**
 * A request media type that had no schema (any body was accepted, OAS 3.1.0
 * section 4.8.14.1) now has one: bodies it does not accept are refused. A
 * schema that constrains nothing (`{}`, `true`, only annotations) changes nothing.
 */
import type { DiffRule } from '../types.js';

const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  '$comment',
  'default',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
]);

/** request-body-schema-added */
export const requestBodySchemaAdded: DiffRule = {
  id: 'request-body-schema-added',
  level: 'breaking',
  summary: 'a schema was added to a request media type that had none',
  check: (comparison) =>
    comparison.requestContents
      .filter((pair) => pair.base && pair.head && pair.base.schema === undefined && constrains(pair.head.schema))
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head!.schemaPointer,
        side: 'head',
        message: `${pair.name}: a schema was added where any body was accepted`,
      })),
};

function constrains(schema: unknown): boolean {
  if (schema === undefined || schema === true) return false;
  if (schema === false || typeof schema !== 'object' || schema === null) return true;
  return Object.keys(schema).some((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));
}
