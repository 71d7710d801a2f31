/**
 * Every example of a dereferenced spec with the schema it must match and the
 * side of the wire it describes (OAS 3.1.0 sections 4.8.14 Media Type, 4.8.12
 * Parameter, 4.8.24 Schema `example`/`examples`):
 * - request bodies and parameters are requests, responses are responses;
 * - a schema's own examples take the directions in which the schema is used
 *   (reached from a request, a response, or both); an unused schema, either.
 */
import { isJsonMediaType } from '../../core/http/media-type.js';
import { listOperations } from '../../core/spec/operations.js';
import type { NamedExample, OpenApiVersion, SchemaObject } from '../../core/spec/types.js';
import type { Direction } from '../../core/validation/schema-view.js';
import { isSchemaObject, listSchemaUses } from './schema-uses.js';

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

/** All examples of `document`. */
export function listExampleSites(document: Record<string, unknown>, version: OpenApiVersion): ExampleSite[] {
  const sites: ExampleSite[] = [];
  const operations = listOperations(document);
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

  for (const operation of operations) {
    for (const parameter of operation.parameters) {
      add(
        parameter.examples,
        parameter.schema,
        'request',
        `${parameter.in} parameter '${parameter.name}' of ${operation.id}:`,
      );
    }
    for (const media of operation.requestBody?.content ?? []) {
      if (!isJsonMediaType(media.mediaType.toLowerCase())) continue;
      add(media.examples, media.schema, 'request', `request body of ${operation.id}:`);
    }
    for (const response of operation.responses) {
      for (const media of response.content) {
        if (!isJsonMediaType(media.mediaType.toLowerCase())) continue;
        add(media.examples, media.schema, 'response', `response ${response.status} of ${operation.id}:`);
      }
    }
  }
  for (const [schema, use] of listSchemaUses(document, operations)) {
    const directions = use.directions.size > 0 ? [...use.directions] : BOTH;
    for (const example of schemaExamples(schema, use.pointer, version)) {
      sites.push({
        label: `schema example`,
        value: example.value,
        pointer: example.pointer,
        schema,
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
