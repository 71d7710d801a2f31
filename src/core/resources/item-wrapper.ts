/**
 * Where the item sits in an answer that wraps it. Many APIs answer an item
 * inside an envelope named after it: Hetzner Cloud's `POST /certificates`
 * answers `{certificate: {...}, action: {...}}` and its read
 * `{certificate: {...}}`; DigitalOcean answers `{droplet: {...}}`; Laravel
 * API resources and many Nest apps answer `{data: {...}}`. The envelope's
 * member is the singular of the collection's name, or `data`; the item is
 * what that member holds. A body that itself declares the id field is the
 * item, whatever else it holds.
 */
import { decodePointer } from '../json/json-pointer.js';
import type { SchemaObject } from '../spec/types.js';
import { singular } from './id-field.js';
import { declares, propertiesOf } from './success-response.js';
import type { ResourceOperation } from './types.js';

/** The envelope members an item may sit in, for collection `name`, in the order they are tried. */
function envelopeMembers(name: string): string[] {
  const one = singular(name);
  return one === 'data' ? ['data'] : [one, 'data'];
}

/** The envelope member of `schema` that holds an object with properties, for collection `name`; undefined when none. */
export function envelopeItem(
  schema: SchemaObject | undefined,
  name: string,
): { pointer: string; schema: SchemaObject } | undefined {
  const properties = propertiesOf(schema);
  const member = envelopeMembers(name).find((candidate) => Object.keys(propertiesOf(properties[candidate])).length > 0);
  return member === undefined ? undefined : { pointer: `/${member}`, schema: properties[member]! };
}

/** Where an answer of `schema` carries an item declaring `idField`: '' (the body), an envelope member's pointer, or undefined. */
export function itemPointerIn(schema: SchemaObject | undefined, name: string, idField: string): string | undefined {
  if (declares(schema, idField)) return '';
  const properties = propertiesOf(schema);
  const member = envelopeMembers(name).find((candidate) => declares(properties[candidate], idField));
  return member === undefined ? undefined : `/${member}`;
}

/** The schema of the item an operation's success answer carries (the body, or its envelope's member). */
export function itemSchemaOf(operation: ResourceOperation): SchemaObject | undefined {
  const schema = operation.media?.schema;
  if (!operation.itemPointer) return schema;
  return propertiesOf(schema)[decodePointer(operation.itemPointer)[0]!];
}
