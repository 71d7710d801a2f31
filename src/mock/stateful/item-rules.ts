/**
 * How the stateful mock builds and checks the items of one collection: the
 * item schema, and the validators of every response that serves an item
 * (those whose schema declares the id field), so a stored item is valid
 * wherever it is served. Shared by the answers and the --data preload.
 */
import { declares } from '../../resources/success-response.js';
import type { Collection, ResourceOperation } from '../../resources/types.js';
import type { BodyValidator } from '../../validation/compile-validators.js';
import type { MockState } from '../mock-state.js';
import type { ItemRules } from './item-value.js';

/** The rules of `collection` over `state`'s validators. */
export function itemRules(collection: Collection, state: MockState): ItemRules {
  const serving = [collection.read, collection.create, collection.update, collection.patch].filter((operation): operation is ResourceOperation => operation?.media !== undefined && declares(operation.media.schema, collection.idField));
  return {
    schema: collection.itemSchema,
    idField: collection.idField,
    validators: serving.map((operation) => responseValidator(operation, state)),
    accepts: (schema, value) => state.schemaValidator(schema, 'response')(value).length === 0,
    scope: state.scope,
    seed: 0,
  };
}

/** The validator of an operation's JSON success response (accepts anything when it documents none). */
export function responseValidator(operation: ResourceOperation, state: MockState): BodyValidator {
  return (operation.media && state.validators.response(operation.operation.id, operation.status, operation.media.mediaType)) ?? (() => []);
}
