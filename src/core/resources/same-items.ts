/**
 * Whether a create's answer and a list's items can be the same things, judged by their id field. OnSched's
 * `POST /setup/v1/locations/{id}/services` assigns services to a location and answers the location (a string
 * id), while `GET` on that path lists services (integer ids, `additionalProperties: false`): that POST
 * creates nothing the list could ever show, so it is no create of that collection.
 */
import { schemaTypes } from '../schema/object-shape.js';
import type { SchemaObject } from '../spec/types.js';
import { listArray, propertiesOf } from './success-response.js';
import type { ListOperation } from './types.js';

/** False when the created item's id and the listed items' ids have types no value shares. */
export function createdFitsList(created: SchemaObject | undefined, list: ListOperation, idField: string): boolean {
  const items = listArray(list.media?.schema)?.items;
  const listed = list.itemsAreIds ? items : propertiesOf(items)[idField];
  return typesMeet(schemaTypes(propertiesOf(created)[idField]), schemaTypes(listed));
}

/** Types that some value has in both lists (an integer is a number); an untyped side meets anything. */
function typesMeet(left: string[], right: string[]): boolean {
  if (left.length === 0 || right.length === 0) return true;
  const widen = (type: string) => (type === 'integer' ? 'number' : type);
  return left.some((type) => right.some((other) => widen(type) === widen(other)));
}
