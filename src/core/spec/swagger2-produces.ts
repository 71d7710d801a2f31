/**
 * What swagger2openapi adds to Swagger 2.0 responses: a response example keyed
 * by a media type the operation does not produce (`examples: {application/json:
 * ...}` under `produces: [application/xml]`) becomes a media type of its own,
 * without a schema, so a client asking for JSON would get an example the
 * operation never sends. Such media types are taken out again: the operation
 * answers in what it `produces` (Swagger 2.0 Operation Object), with data
 * generated from the schema.
 */
import { asArray, asRecord } from './content.js';
import { HTTP_METHODS } from './operations.js';

type Json = Record<string, unknown>;

/** Remove from `converted` the example-only media types its 2.0 `original` keys outside `produces`. */
export function dropExamplesOutsideProduces(original: Json, converted: Json): void {
  for (const [path, rawItem] of Object.entries(asRecord(original.paths))) {
    for (const method of HTTP_METHODS) {
      const operation = asRecord(asRecord(rawItem)[method]);
      const produces = asArray(operation.produces ?? original.produces).map((type) => String(type).toLowerCase());
      if (produces.length === 0) continue;
      const responses = asRecord(asRecord(asRecord(asRecord(converted.paths)[path])[method]).responses);
      for (const [status, rawResponse] of Object.entries(asRecord(operation.responses))) {
        const outside = Object.keys(asRecord(asRecord(rawResponse).examples)).filter(
          (type) => !produces.includes(type.toLowerCase()),
        );
        const content = asRecord(asRecord(responses[status]).content);
        for (const type of outside)
          if (content[type] && asRecord(content[type]).schema === undefined) delete content[type];
      }
    }
  }
}
