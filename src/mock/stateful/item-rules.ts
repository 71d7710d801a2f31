/**
 * How the stateful mock builds and checks the items of one collection: the
 * item schema (widened by what another serving answer requires: item-schema.ts),
 * and the validators of every response that serves an item
 * (those whose schema, or whose envelope's member, declares the id field), so a stored item is valid
 * wherever it is served. Worked out once per collection: the answers and the
 * --data preload share it, and a request pays for nothing but its own item.
 */
import { itemSchemaOf } from '../../core/resources/item-wrapper.js';
import { declares } from '../../core/resources/success-response.js';
import type { Collection, ResourceOperation } from '../../core/resources/types.js';
import { objectShape } from '../../core/schema/object-shape.js';
import { serverBasePath } from '../../core/spec/servers.js';
import type { SchemaObject } from '../../core/spec/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';
import type { MockState } from '../mock-state.js';
import { servedItemSchema } from './item-schema.js';
import type { ItemRules } from './item-value.js';
import { idSchemaFor } from './new-id.js';

/** Everything fixed about a collection, for one spec. */
export interface CollectionRules extends ItemRules {
  /** Operations whose success response is the item, and which every stored item was checked against. */
  serving: ReadonlySet<ResourceOperation>;
  /** `/v1/plants/{plantId}`: where a create's Location points, when it documents one; undefined otherwise. */
  location: string | undefined;
  /** The schema new ids are made from (new-id.ts): the id property's, with its path parameter's constraints. */
  idSchema: SchemaObject | undefined;
}

/** Rules per collection object (collections are rebuilt with the state on a spec reload). */
const cache = new WeakMap<Collection, CollectionRules>();

/** The rules of `collection` over `state`'s validators, worked out once per collection. */
export function itemRules(collection: Collection, state: MockState): CollectionRules {
  const cached = cache.get(collection);
  if (cached) return cached;
  const rules = buildRules(collection, state);
  cache.set(collection, rules);
  return rules;
}

/** The validator of `operation`'s response when that response is the item (its schema declares the id field); undefined otherwise. */
export function itemValidator(
  operation: ResourceOperation,
  collection: Collection,
  state: MockState,
): BodyValidator | undefined {
  return servesItem(operation, collection) ? responseValidator(operation, state) : undefined;
}

/** Whether the operation's answer carries the item (its schema, or its envelope member's, declares the id field). */
function servesItem(operation: ResourceOperation | undefined, collection: Collection): operation is ResourceOperation {
  return operation?.media !== undefined && declares(itemSchemaOf(operation), collection.idField);
}

function buildRules(collection: Collection, state: MockState): CollectionRules {
  // An update by POST is inferred, not declared (infer-collections.ts): its answer may be narrower than what the
  // create makes (Stripe's source update answers a card, a bank account or a source; its create an account too),
  // so it does not constrain the stored item. It serves the item where the item fits, a valid sample elsewhere.
  const inferredUpdate = collection.update?.operation.method === 'POST' ? collection.update : undefined;
  const serving = [collection.read, collection.create, collection.update, collection.patch].filter(
    (operation): operation is ResourceOperation => operation !== inferredUpdate && servesItem(operation, collection),
  );
  // Responses that $ref one schema validate alike: one validator per schema object.
  const bySchema = new Map(serving.map((operation) => [itemSchemaOf(operation), operation]));
  const create = collection.create;
  const documentsLocation = create?.operation.responses
    .find((response) => response.status === String(create.status))
    ?.headers.some((header) => header.name.toLowerCase() === 'location');
  const schema = servedItemSchema(
    collection.itemSchema,
    serving.map(itemSchemaOf).filter((schema): schema is SchemaObject => schema !== undefined),
  );
  const shape = objectShape(schema);
  const carrier = [collection.read, collection.update, collection.patch, collection.delete].find(Boolean);
  const parameter = carrier?.operation.parameters.find(
    (candidate) => candidate.in === 'path' && candidate.name === carrier.parameter,
  );
  return {
    schema,
    shape,
    idSchema: idSchemaFor(shape.properties[collection.idField], parameter?.schema as SchemaObject | undefined),
    idField: collection.idField,
    validators: [...bySchema.values()].map((operation) => responseValidator(operation, state)),
    accepts: (schema, value) => state.schemaValidator(schema, 'response')(value).length === 0,
    scope: state.scope,
    seed: 0,
    serving: new Set(serving),
    location:
      documentsLocation && collection.itemPath && collection.idParameter
        ? `${serverBasePath(state.spec.servers)}${collection.itemPath}`
        : undefined,
  };
}

/**
 * The validator of the item in an operation's JSON success response: the response's own, or, where an envelope
 * wraps the item, its member's schema (accepts anything when it documents none).
 */
function responseValidator(operation: ResourceOperation, state: MockState): BodyValidator {
  if (operation.itemPointer) return state.schemaValidator(itemSchemaOf(operation)!, 'response');
  return (
    (operation.media &&
      state.validators.response(operation.operation.id, operation.status, operation.media.mediaType)) ??
    (() => [])
  );
}
