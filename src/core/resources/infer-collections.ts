/**
 * Collections inferred from the operation list (docs/stateful.md lists the
 * rules). From the paths: `GET|PUT|PATCH|DELETE /things/{param}` act on one
 * item (a POST there is the update where no PUT or PATCH is), `POST /things`
 * creates one when its success response is the item (it declares the id
 * field), `GET /things` lists them when its success response is an array of
 * items or an object with one such array (`{items: [...], total}`). `{param}`
 * names the id field by the rules of id-field.ts. A `POST /things` with a
 * `GET /things` and no item path is a collection too, identified by `id`.
 * OpenAPI links (links.ts) override what the paths suggest. Operations that
 * fit no collection are left alone.
 */
import { schemaTypes } from '../schema/object-shape.js';
import type { Operation, SchemaObject } from '../spec/types.js';
import { idFieldFor } from './id-field.js';
import { envelopeItem, itemPointerIn, itemSchemaOf } from './item-wrapper.js';
import { linkedItems } from './links.js';
import { pagingOf } from './paging.js';
import { createdFitsList } from './same-items.js';
import { declares, listArray, propertiesOf, successOf } from './success-response.js';
import type {
  Collection,
  ItemOperation,
  ListOperation,
  ResourceMap,
  ResourceOperation,
  ResourceRole,
  UpdateOperation,
} from './types.js';

/** The collections of `operations` and the role of each operation in them. */
export function inferCollections(operations: readonly Operation[]): ResourceMap {
  const at = (path: string, method: string) =>
    operations.find((operation) => operation.path === path && operation.method === method);
  const collections = new Map<string, Collection>();
  for (const itemPath of new Set(operations.map((operation) => operation.path).filter(isItemPath))) {
    const collection = fromItemPath(itemPath, at);
    if (collection) collections.set(collection.path, collection);
  }
  // A path that is already a collection's item path names one item: a POST there updates it or acts on it
  // (Stripe's `POST /v1/customers/{customer}` updates), it creates nothing.
  const itemPaths = new Set([...collections.values()].map((collection) => collection.itemPath));
  for (const path of new Set(
    operations.filter((operation) => operation.method === 'POST').map((operation) => operation.path),
  )) {
    if (!collections.has(path) && !itemPaths.has(path) && isPlainPath(path)) {
      const collection = withoutItemPath(path, at);
      if (collection) collections.set(path, collection);
    }
  }
  for (const operation of operations.filter((candidate) => candidate.method === 'POST' && isPlainPath(candidate.path)))
    applyLinks(operation, operations, collections, at);
  return resourceMap(uniqueNames([...collections.values()]));
}

/** `/plants/{plantId}`: a plain path whose last segment is one whole parameter, below a non-empty collection path. */
function isItemPath(path: string): boolean {
  return isPlainPath(path) && /^\/.+\/\{[^{}/]+\}$/.test(path);
}

/** A path key without a query or fragment part (those tell operations apart, they name no collection). */
function isPlainPath(path: string): boolean {
  return !/[?#]/.test(path);
}

type Lookup = (path: string, method: string) => Operation | undefined;

function fromItemPath(itemPath: string, at: Lookup): Collection | undefined {
  const parameter = /\{([^{}/]+)\}$/.exec(itemPath)![1]!;
  const path = itemPath.slice(0, itemPath.lastIndexOf('/'));
  const item = (method: string): ItemOperation | undefined => {
    const operation = at(itemPath, method);
    const success = operation && successOf(operation);
    return success && { ...success, parameter };
  };
  const read = item('GET');
  const put = item('PUT');
  const patch = item('PATCH');
  const remove = item('DELETE');
  const post = at(path, 'POST');
  const created = post && successOf(post);
  const answers = [read, created, put, patch].map((candidate) => candidate?.media?.schema);
  const parameterSchema = [read, put, patch, remove]
    .find(Boolean)
    ?.operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === parameter)?.schema;
  const name = collectionName(path);
  const idIn = (schema: SchemaObject | undefined) =>
    schema && idFieldFor(parameter, parameterSchema, propertiesOf(schema), name);
  let itemSchema = answers.find((schema) => propertiesCount(schema) > 0);
  let idField = idIn(itemSchema);
  if (!idField) {
    // No answer is the item itself: an envelope's member may be (`{certificate: {...}}`, item-wrapper.ts).
    itemSchema = answers.map((schema) => envelopeItem(schema, name)?.schema).find(Boolean);
    idField = idIn(itemSchema);
  }
  if (!itemSchema || !idField) return undefined;
  const field = idField;
  const place = <T extends ResourceOperation>(operation: T | undefined) => operation && located(operation, name, field);
  const update = place(put ?? patch ?? postUpdate(item('POST'), name, field));
  return {
    name,
    path,
    itemPath,
    idField,
    idParameter: parameter,
    itemSchema,
    ...createAndList(path, idField, at),
    ...(read ? { read: place(read) } : {}),
    ...(update ? { update: { ...update, merge: !put } } : {}),
    ...(put && patch ? { patch: { ...place(patch)!, merge: true } } : {}),
    ...(remove ? { delete: place(remove) } : {}),
    ...pagingPart(path, idField, at),
    source: 'paths',
  };
}

/**
 * A POST on the item path, where the path has no PUT or PATCH, updates the item when it takes an object and
 * answers the item: Stripe's updates (`POST /v1/customers/{customer}`: "any parameters not provided will be
 * left unchanged", so it merges). One that answers something else (an action's result) is left alone.
 */
function postUpdate(post: ItemOperation | undefined, name: string, idField: string): ItemOperation | undefined {
  const body = post?.operation.requestBody;
  const takesObject = body?.content.some((media) => schemaTypes(media.schema).includes('object'));
  return takesObject && itemPointerIn(post!.media?.schema, name, idField) !== undefined ? post : undefined;
}

/** `POST /things` and `GET /things` without an item path: items identified by `id`. */
function withoutItemPath(path: string, at: Lookup): Collection | undefined {
  const parts = createAndList(path, 'id', at);
  if (!parts.create || !parts.list) return undefined;
  return {
    name: collectionName(path),
    path,
    itemPath: undefined,
    idField: 'id',
    idParameter: undefined,
    itemSchema: itemSchemaOf(parts.create)!,
    ...parts,
    ...pagingPart(path, 'id', at),
    source: 'paths',
  };
}

/** The create (its success response is the item) and the list (an array of items, maybe wrapped) of a collection path. */
function createAndList(
  path: string,
  idField: string,
  at: Lookup,
): { create?: ResourceOperation; list?: ListOperation } {
  const post = at(path, 'POST');
  const success = post && successOf(post);
  // A create answers the item, itself or in an envelope; `pointer` says where ('' for the body).
  const pointer = success && itemPointerIn(success.media?.schema, collectionName(path), idField);
  const get = at(path, 'GET');
  const list = get && listOf(get, idField);
  const create =
    success && pointer !== undefined ? (pointer ? { ...success, itemPointer: pointer } : success) : undefined;
  // A POST that answers another kind of thing than the list holds creates nothing there (same-items.ts).
  const fits = !create || !list || createdFitsList(itemSchemaOf(create), list, idField);
  return { ...(create && fits ? { create } : {}), ...(list ? { list } : {}) };
}

/** The operation with the pointer to its item when its answer wraps the item in an envelope (item-wrapper.ts). */
function located<T extends ResourceOperation>(operation: T, name: string, idField: string): T {
  const pointer = itemPointerIn(operation.media?.schema, name, idField);
  return pointer ? { ...operation, itemPointer: pointer } : operation;
}

function pagingPart(path: string, idField: string, at: Lookup): { paging?: NonNullable<Collection['paging']> } {
  const get = at(path, 'GET');
  const list = get && listOf(get, idField);
  const paging = list && pagingOf(list);
  return paging ? { paging } : {};
}

/** The list operation, when its success body is an array of items or an object with exactly one such array. */
function listOf(operation: Operation, idField: string): ListOperation | undefined {
  const success = successOf(operation);
  const schema = success?.media?.schema;
  const array = success && listArray(schema);
  if (!array) return undefined;
  if (declares(array.items, idField)) return { ...success!, itemsPointer: array.itemsPointer };
  // A list of names or numbers lists the items by their ids (Hono and Express file services answer `["a.txt"]`).
  const types = schemaTypes(array.items);
  if (types.length > 0 && types.every((type) => type === 'string' || type === 'integer'))
    return { ...success!, itemsPointer: array.itemsPointer, itemsAreIds: true };
  return undefined;
}

/** Links on a create's success response decide its id field and item operations (OAS 4.8.20). */
function applyLinks(
  post: Operation,
  operations: readonly Operation[],
  collections: Map<string, Collection>,
  at: Lookup,
): void {
  const create = successOf(post);
  if (!create?.media?.schema) return;
  const linked = linkedItems(post, create.status, operations);
  if (!linked.idField || linked.targets.length === 0 || !declares(create.media.schema, linked.idField)) return;
  const existing = collections.get(post.path);
  const idField = linked.idField;
  const roles: Partial<Pick<Collection, 'read' | 'update' | 'patch' | 'delete'>> = {};
  const place = (operation: Operation, parameter: string) => {
    const success = successOf(operation);
    if (!success) return;
    const item = { ...success, parameter };
    if (operation.method === 'GET') roles.read ??= item;
    else if (operation.method === 'DELETE') roles.delete ??= item;
    else if (operation.method === 'PUT') roles.update = { ...item, merge: false };
    else if (operation.method === 'PATCH')
      roles[roles.update ? 'patch' : 'update'] = { ...item, merge: true } as UpdateOperation;
  };
  for (const target of linked.targets) place(target.operation, target.parameter);
  // A read's own links (`$request.path.<id>`) name its siblings.
  if (roles.read)
    for (const target of linkedItems(roles.read.operation, roles.read.status, operations, roles.read.parameter).targets)
      if (target.operation.method !== 'GET') place(target.operation, target.parameter);
  const lists = createAndList(post.path, idField, at);
  const first = roles.read ?? roles.update ?? roles.delete;
  collections.set(post.path, {
    name: existing?.name ?? collectionName(post.path),
    path: post.path,
    itemPath: first?.operation.path,
    idField,
    idParameter: first?.parameter,
    itemSchema: [roles.read?.media?.schema, create.media.schema].find((schema) => propertiesCount(schema) > 0)!,
    create,
    ...(lists.list ? { list: lists.list } : {}),
    ...roles,
    ...pagingPart(post.path, idField, at),
    source: 'links',
  });
}

/** `plants` for `/plants` and `/gardens/{gardenId}/plants`: the last literal segment. */
function collectionName(path: string): string {
  const literals = path.split('/').filter((segment) => segment !== '' && !segment.includes('{'));
  return literals[literals.length - 1] ?? path;
}

/** Two collections named alike (`/a/plants`, `/b/plants`) are named by their paths instead. */
function uniqueNames(collections: Collection[]): Collection[] {
  const counts = new Map<string, number>();
  for (const collection of collections) counts.set(collection.name, (counts.get(collection.name) ?? 0) + 1);
  return collections.map((collection) =>
    counts.get(collection.name)! > 1 ? { ...collection, name: collection.path.slice(1) } : collection,
  );
}

function resourceMap(collections: Collection[]): ResourceMap {
  const roles = new Map<string, { collection: Collection; role: ResourceRole }>();
  for (const collection of collections) {
    for (const role of ['create', 'list', 'read', 'update', 'patch', 'delete'] as const) {
      const entry = collection[role];
      if (entry) roles.set(entry.operation.id, { collection, role });
    }
  }
  return { collections, roleOf: (operationId) => roles.get(operationId) };
}

function propertiesCount(schema: SchemaObject | undefined): number {
  return Object.keys(propertiesOf(schema)).length;
}
