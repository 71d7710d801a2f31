/**
 * `undeclared-property` (only with --strict): the body carries no property
 * its schema does not declare. Rule 2 of the interface: a 200 Plant has no `id`.
 * OpenAPI allows extra properties by default, hence opt-in.
 */
import { matchMediaType } from '../../http/media-type.js';
import { decodePointer } from '../../json/json-pointer.js';
import { objectShape } from '../../schema/object-shape.js';
import { resolveSchema } from '../../spec/circular-refs.js';
import type { SchemaObject } from '../../spec/types.js';
import type { AnalysedExchange, Check } from '../types.js';
import { toFinding, violationsOf } from './response-schema.js';

/** Properties the response schema does not declare. */
export const undeclaredPropertyCheck: Check = {
  id: 'undeclared-property',
  description: '(--strict) the body has no property its schema does not declare',
  scope: ['contract', 'proxy', 'response'],
  run(exchange, context) {
    if (!context.strict) return [];
    return violationsOf(exchange, context, 'undeclared').map((violation) => {
      const declared = Object.keys(objectShape(schemaAt(exchange, violation.instancePath)).properties);
      return {
        ...toFinding(this.id, exchange, violation),
        documented: declared.length ? `only ${declared.join(', ')}` : 'no properties',
      };
    });
  },
};

/** The schema describing the object at `instancePath` of the body. */
function schemaAt(exchange: AnalysedExchange, instancePath: string): SchemaObject | undefined {
  const content = exchange.documented?.content ?? [];
  const key =
    exchange.mediaType &&
    matchMediaType(
      exchange.mediaType.essence,
      content.map((media) => media.mediaType),
    );
  let schema = content.find((media) => media.mediaType === key)?.schema;
  for (const token of decodePointer(instancePath)) {
    schema =
      /^\d+$/.test(token) && resolveSchema(schema)?.items
        ? (resolveSchema(schema)!.items as SchemaObject)
        : objectShape(schema).properties[token];
  }
  return schema;
}
