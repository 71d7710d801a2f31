/**
 * The item a stateful step's answer carries: the JSON body, or the member of
 * its envelope where the operation answers `{certificate: {...}}`
 * (core/resources/item-wrapper.ts), with the schema that member documents. The
 * stateful checks compare this, and name places in the body through `pointer`.
 */

import { decodePointer, valueAt } from '../../core/json/json-pointer.js';
import { propertiesOf } from '../../core/resources/success-response.js';
import type { AnalysedExchange } from '../../core/response/types.js';
import type { SchemaObject } from '../../core/spec/types.js';

/** The served item (an object), its schema, and where it sits in the body ('' for the body itself). */
export interface ServedItem {
  received: Record<string, unknown>;
  schema: SchemaObject | undefined;
  pointer: string;
}

/** The item in a JSON answer at `pointer` ('' for the body); undefined when the answer holds no object there. */
export function servedItem(exchange: AnalysedExchange, pointer = ''): ServedItem | undefined {
  if (!exchange.json?.ok) return undefined;
  const received = valueAt(exchange.json.value, pointer);
  if (typeof received !== 'object' || received === null || Array.isArray(received)) return undefined;
  const schema = exchange.media?.schema;
  return {
    received: received as Record<string, unknown>,
    schema: pointer === '' ? schema : propertiesOf(schema)[decodePointer(pointer)[0]!],
    pointer,
  };
}
