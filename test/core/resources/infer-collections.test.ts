/**
 * Issue 13: collections inferred from the operation list (paths, then links),
 * shared by the stateful mock and the stateful phase. Each fixture spec shows
 * one shape: CRUD with paging and X-Total-Count, a wrapped list with string
 * ids, a client-chosen id, links that name the id field, a create and a list
 * without item paths, and specs where nothing can be placed.
 */
import { describe, expect, test } from 'vitest';
import { idFieldFor, singular } from '../../../src/core/resources/id-field.js';
import { inferCollections } from '../../../src/core/resources/infer-collections.js';
import type { Collection } from '../../../src/core/resources/types.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';

/** A collection as one line of data: what each role is and how the id travels. */
function summary(collection: Collection) {
  return {
    name: collection.name,
    path: collection.path,
    itemPath: collection.itemPath,
    idField: collection.idField,
    idParameter: collection.idParameter,
    create: collection.create?.operation.id,
    list: collection.list && `${collection.list.operation.id} ${collection.list.itemsPointer || '(array)'}`,
    read: collection.read?.operation.id,
    update: collection.update && `${collection.update.operation.id}${collection.update.merge ? ' (merge)' : ''}`,
    delete: collection.delete?.operation.id,
    paging: collection.paging,
    source: collection.source,
  };
}

async function collectionsOf(file: string) {
  const spec = await loadSpec(file);
  return inferCollections(spec.operations);
}

describe('collections of the fixture specs', () => {
  test('catalog: full CRUD with limit/offset paging and X-Total-Count; the read-only catalog is a collection too', async () => {
    const { collections } = await collectionsOf('test/fixtures/rich/catalog-3.1.yaml');
    expect(collections.map(summary)).toEqual([
      {
        name: 'plants',
        path: '/plants',
        itemPath: '/plants/{plantId}',
        idField: 'id',
        idParameter: 'plantId',
        create: 'createPlant',
        list: 'listPlants (array)',
        read: 'getPlant',
        update: 'updatePlant',
        delete: 'deletePlant',
        paging: {
          limit: 'limit',
          offset: 'offset',
          page: undefined,
          firstPage: 1,
          totalHeader: 'X-Total-Count',
          totalField: undefined,
        },
        source: 'paths',
      },
      {
        name: 'catalog',
        path: '/catalog',
        itemPath: '/catalog/{sku}',
        idField: 'sku',
        idParameter: 'sku',
        create: undefined,
        list: undefined,
        read: 'getCatalogEntry',
        update: undefined,
        delete: undefined,
        paging: undefined,
        source: 'paths',
      },
    ]);
  });

  test('orders: a wrapped, page-numbered list with a total field, uuid ids, PATCH as a merge; tags: the client names the id', async () => {
    const { collections } = await collectionsOf('test/fixtures/stateful/orders-3.0.yaml');
    expect(collections.map(summary)).toEqual([
      {
        name: 'orders',
        path: '/orders',
        itemPath: '/orders/{orderId}',
        idField: 'id',
        idParameter: 'orderId',
        create: 'placeOrder',
        list: 'listOrders /data',
        read: 'getOrder',
        update: 'amendOrder (merge)',
        delete: 'cancelOrder',
        paging: {
          limit: 'per_page',
          offset: undefined,
          page: 'page',
          firstPage: 1,
          totalHeader: undefined,
          totalField: '/total',
        },
        source: 'paths',
      },
      {
        name: 'tags',
        path: '/tags',
        itemPath: '/tags/{slug}',
        idField: 'slug',
        idParameter: 'slug',
        create: 'addTag',
        list: 'listTags (array)',
        read: 'getTag',
        update: undefined,
        delete: 'deleteTag',
        paging: undefined,
        source: 'paths',
      },
    ]);
  });

  test('links name the id field and the item operations where the path parameter names nothing (OAS 4.8.20)', async () => {
    const { collections, roleOf } = await collectionsOf('test/fixtures/stateful/links-3.1.yaml');
    expect(collections.map(summary)).toEqual([
      {
        name: 'trays',
        path: '/trays',
        itemPath: '/trays/{tray}',
        idField: 'serial',
        idParameter: 'tray',
        create: 'sowTray',
        list: undefined,
        read: 'lookUpTray',
        update: 'replantTray',
        delete: 'emptyTray',
        paging: undefined,
        source: 'links',
      },
    ]);
    expect(['sowTray', 'lookUpTray', 'replantTray', 'emptyTray'].map((id) => roleOf(id)?.role)).toEqual([
      'create',
      'read',
      'update',
      'delete',
    ]);
  });

  test('without its links the trays spec has no collection: {tray} names no property of a Tray', async () => {
    const spec = await loadSpec('test/fixtures/stateful/links-3.1.yaml');
    for (const operation of spec.operations) for (const response of operation.responses) response.links = [];
    expect(inferCollections(spec.operations).collections).toEqual([]);
  });

  test('pot store (Swagger 2.0): a create and a list without item paths make a collection identified by id', async () => {
    const { collections } = await collectionsOf('test/fixtures/rich/petstore-swagger2.yaml');
    expect(collections.map(summary)).toEqual([
      {
        name: 'pots',
        path: '/pots',
        itemPath: undefined,
        idField: 'id',
        idParameter: undefined,
        create: 'addPot',
        list: 'listPots (array)',
        read: undefined,
        update: undefined,
        delete: undefined,
        paging: undefined,
        source: 'paths',
      },
    ]);
  });

  test('garden forms: a multipart create whose item is read back as an image', async () => {
    const { collections } = await collectionsOf('test/fixtures/rich/forms-3.0.yaml');
    expect(
      collections.map((collection) => [
        collection.name,
        collection.idField,
        collection.create?.operation.id,
        collection.read?.operation.id,
        collection.read?.media,
      ]),
    ).toEqual([['photos', 'photoId', 'uploadPhoto', 'getPhoto', undefined]]);
  });

  test('files (the document @hono/zod-openapi generates): a list of names lists the items by their ids', async () => {
    const { collections } = await collectionsOf('test/frameworks/specs/hono-files.openapi.json');
    expect(collections.map(summary)).toEqual([
      expect.objectContaining({ name: 'files', idField: 'name', list: 'listFiles (array)', read: 'downloadFile' }),
    ]);
    expect(collections[0]!.list!.itemsAreIds).toBe(true);
  });

  test('envelopes: items answered as {certificate: {...}} (Hetzner) and {data: {...}} (Laravel) sit at a pointer', async () => {
    const { collections } = await collectionsOf('test/fixtures/stateful/envelopes-3.0.yaml');
    expect(collections.map(summary)).toEqual([
      expect.objectContaining({
        name: 'certificates',
        idField: 'id',
        idParameter: 'id',
        list: 'listCertificates /certificates',
      }),
      expect.objectContaining({ name: 'notes', idField: 'id', idParameter: 'note', update: 'patchNote (merge)' }),
    ]);
    const [certificates, notes] = collections;
    const pointers = (collection: Collection) =>
      [collection.create, collection.read, collection.update, collection.delete].map((role) => role?.itemPointer);
    expect(pointers(certificates!)).toEqual(['/certificate', '/certificate', '/certificate', undefined]);
    expect(pointers(notes!)).toEqual(['/data', '/data', '/data', undefined]);
    // The item schema is the envelope's member: the certificate, not the envelope.
    expect(Object.keys((certificates!.itemSchema as { properties: object }).properties)).toEqual([
      'id',
      'name',
      'domain_names',
      'created',
    ]);
  });

  test('updates by POST on the item path (Stripe): the POST merges into the item, the item path is never a collection of its own', async () => {
    // A bank account holds one list of strings, so its read answer also looks like a list of ids.
    const { collections } = await collectionsOf('test/fixtures/stateful/post-updates-3.0.yaml');
    expect(collections.map(summary)).toEqual([
      expect.objectContaining({
        name: 'bank_accounts',
        path: '/accounts/{account}/bank_accounts',
        itemPath: '/accounts/{account}/bank_accounts/{id}',
        create: 'createBankAccount',
        read: 'readBankAccount',
        update: 'updateBankAccount (merge)',
        delete: 'deleteBankAccount',
      }),
      expect.objectContaining({ name: 'sources', create: 'createSource', update: 'updateSource (merge)' }),
    ]);
  });

  test('an assignment that answers its parent (OnSched): no create of the list it sits on, whose ids have another type', async () => {
    const { collections, roleOf } = await collectionsOf('test/fixtures/stateful/assignments-3.0.yaml');
    expect(collections.map(summary)).toEqual([
      expect.objectContaining({ name: 'services', path: '/services', create: 'createService', read: 'readService' }),
    ]);
    expect(roleOf('assignServices')).toBeUndefined();
  });

  test.each([
    ['openapi.yaml (a create whose answer has no id)', 'openapi.yaml'],
    ['greenhouse (lists and actions, nothing created)', 'test/fixtures/rich/auth-3.1.yaml'],
    ['routing fixture (deletes without a readable item)', 'test/fixtures/mock/routing.yaml'],
  ])('%s: no collection, every operation keeps its stateless behaviour', async (_name, file) => {
    const { collections, roleOf } = await collectionsOf(file);
    expect(collections).toEqual([]);
    expect(roleOf('addPlant')).toBeUndefined();
  });
});

describe('which property a path parameter names', () => {
  const integer = { type: 'integer' };
  const string = { type: 'string' };
  test.each<
    [string, string, Record<string, unknown>, Record<string, Record<string, unknown>>, string, string | undefined]
  >([
    ['its own name', 'sku', string, { sku: string, title: string }, 'catalog', 'sku'],
    ['id for <thing>Id', 'plantId', integer, { id: integer, name: string }, 'plants', 'id'],
    ['id for <thing>_id', 'plant_id', string, { id: integer }, 'plants', 'id'],
    ['<singular>Id for id', 'id', integer, { plantId: integer, name: string }, 'plants', 'plantId'],
    ['<singular>_id for id', 'id', string, { category_id: string }, 'categories', 'category_id'],
    ['the one property the name ends with', 'plantSku', string, { sku: string, name: string }, 'plants', 'sku'],
    ['a string parameter carries an integer id', 'plantId', string, { id: integer }, 'plants', 'id'],
    ['an integer parameter does not carry a string-only id', 'plantId', integer, { id: string }, 'plants', undefined],
    ['an object property is no id', 'owner', string, { owner: { type: 'object' } }, 'plants', undefined],
    ['nothing the name points to', 'tray', integer, { serial: integer, crop: string }, 'trays', undefined],
    ["id for the collection's singular (Laravel's {note})", 'note', integer, { id: integer }, 'notes', 'id'],
    [
      "id for the collection's singular holding a uuid",
      'note',
      { type: 'string', format: 'uuid' },
      { id: string },
      'notes',
      'id',
    ],
    [
      "not for a plain string: GitHub's {repo} is a name",
      'repo',
      string,
      { id: integer, name: string },
      'repos',
      undefined,
    ],
  ])('%s', (_name, parameter, parameterSchema, properties, collection, want) => {
    expect(idFieldFor(parameter, parameterSchema, properties, collection)).toBe(want);
  });

  test.each([
    ['plants', 'plant'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['addresses', 'address'],
    ['glass', 'glass'],
    ['sheep', 'sheep'],
  ])('singular of %s is %s', (plural, want) => expect(singular(plural)).toBe(want));
});
