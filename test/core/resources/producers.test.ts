/**
 * Issue 18 section 2: which answers feed which parameters, inferred from the
 * fixture specs as RESTler infers dependencies (links first, then the
 * collection a path names, then names). Each row is one operation's
 * consumed parameters and their harvesters, most trusted first.
 */
import { describe, expect, test } from 'vitest';
import { inferProducers } from '../../../src/core/resources/producers.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';

/** `path:plantId <- createPlant body /id, ...` for every operation that consumes something, and what is made up. */
async function dependencies(file: string): Promise<string[]> {
  const spec = await loadSpec(file);
  const map = inferProducers(spec.operations);
  return spec.operations.flatMap((operation) => [
    ...map
      .consumers(operation.id)
      .map(
        (consumer) =>
          `${operation.id} ${consumer.parameter.in}:${consumer.parameter.name} <- ${consumer.harvesters.map((harvester) => harvester.key).join(', ')}`,
      ),
    ...map.unproduced(operation.id).map((parameter) => `${operation.id} ${parameter.name}: no producer`),
  ]);
}

describe('producers of the fixture specs', () => {
  test.each<[string, { file: string; want: string[] }]>([
    [
      'catalog: a create answering the item (its id field, then Location) and a list of items feed the item path; a SKU nobody hands out is made up',
      {
        file: 'test/fixtures/rich/catalog-3.1.yaml',
        want: [
          'getPlant path:plantId <- createPlant body /id, createPlant location Location /plants/{plantId}, listPlants items (items)[]/id',
          'updatePlant path:plantId <- createPlant body /id, createPlant location Location /plants/{plantId}, listPlants items (items)[]/id',
          'deletePlant path:plantId <- createPlant body /id, createPlant location Location /plants/{plantId}, listPlants items (items)[]/id',
          'getCatalogEntry sku: no producer',
        ],
      },
    ],
    [
      'envelopes: a create answering {certificate: {id}} feeds the certificate path from inside the envelope',
      {
        file: 'test/fixtures/stateful/envelopes-3.0.yaml',
        want: [
          'getCertificate path:id <- createCertificate body /certificate/id, createCertificate location Location /certificates/{id}, listCertificates items /certificates[]/id',
          'updateCertificate path:id <- createCertificate body /certificate/id, createCertificate location Location /certificates/{id}, listCertificates items /certificates[]/id',
          'deleteCertificate path:id <- createCertificate body /certificate/id, createCertificate location Location /certificates/{id}, listCertificates items /certificates[]/id',
          'getNote path:note <- createNote body /data/id, createNote location Location /notes/{note}',
          'patchNote path:note <- createNote body /data/id, createNote location Location /notes/{note}',
        ],
      },
    ],
    [
      'forms: a multipart upload answering {photoId} feeds the photo path',
      {
        file: 'test/fixtures/rich/forms-3.0.yaml',
        want: ['getPhoto path:photoId <- uploadPhoto body /photoId, uploadPhoto location Location /photos/{photoId}'],
      },
    ],
    [
      'pot store: /pots/{potId}/label takes the id of a pot, though no item path exists',
      {
        file: 'test/fixtures/rich/petstore-swagger2.yaml',
        want: [
          'labelPot path:potId <- addPot body /id, addPot location Location /pots/{potId}, listPots items (items)[]/id',
        ],
      },
    ],
    [
      'greenhouse: only a list hands out greenhouse ids',
      {
        file: 'test/fixtures/rich/auth-3.1.yaml',
        want: ['openVents path:id <- listGreenhouses items (items)[]/id'],
      },
    ],
    [
      'trays: only the links say that `serial` fills `{tray}`; the replant link passes the read`s own tray on',
      {
        file: 'test/fixtures/stateful/links-3.1.yaml',
        want: [
          'lookUpTray path:tray <- sowTray body /serial, sowTray location Location /trays/{tray}',
          'replantTray path:tray <- sowTray body /serial, sowTray location Location /trays/{tray}',
          'emptyTray path:tray <- sowTray body /serial, sowTray location Location /trays/{tray}',
        ],
      },
    ],
    [
      'orders: a wrapped list (`data`) and client-named tags (`slug`)',
      {
        file: 'test/fixtures/stateful/orders-3.0.yaml',
        want: [
          'getOrder path:orderId <- placeOrder body /id, placeOrder location Location /orders/{orderId}, listOrders items /data[]/id',
          'cancelOrder path:orderId <- placeOrder body /id, placeOrder location Location /orders/{orderId}, listOrders items /data[]/id',
          'amendOrder path:orderId <- placeOrder body /id, placeOrder location Location /orders/{orderId}, listOrders items /data[]/id',
          'getTag path:slug <- addTag body /slug, addTag location Location /tags/{slug}, listTags items (items)[]/slug',
          'deleteTag path:slug <- addTag body /slug, addTag location Location /tags/{slug}, listTags items (items)[]/slug',
        ],
      },
    ],
    [
      'todos and files: a list of plain names feeds the download path',
      {
        file: 'test/fixtures/producers/todos-files-3.0.yaml',
        want: [
          'getTodo path:id <- createTodo body /id, createTodo location Location /todos/{id}, listTodos items (items)[]/id',
          'updateTodo path:id <- createTodo body /id, createTodo location Location /todos/{id}, listTodos items (items)[]/id',
          'deleteTodo path:id <- createTodo body /id, createTodo location Location /todos/{id}, listTodos items (items)[]/id',
          'getFile path:filename <- listFiles items (items)[]',
        ],
      },
    ],
    ['openapi.yaml: nothing names a resource', { file: 'openapi.yaml', want: [] }],
  ])('%s', async (_name, { file, want }) => {
    expect(await dependencies(file)).toEqual(want);
  });
});

describe('producers inferred from names and links alone', () => {
  test.each<[string, { spec: Record<string, unknown>; want: string[] }]>([
    [
      'an id-like query parameter takes the ids of the collection its name names, nested ones too',
      {
        spec: {
          paths: {
            '/gardens/{gardenId}/plants': {
              parameters: [{ name: 'gardenId', in: 'path', required: true, schema: { type: 'integer' } }],
              post: created('addPlant', { id: { type: 'integer' }, name: { type: 'string' } }),
            },
            '/gardens': { post: created('addGarden', { id: { type: 'integer' } }) },
            '/photos': {
              get: {
                operationId: 'findPhotos',
                parameters: [{ name: 'plantId', in: 'query', schema: { type: 'integer' } }],
                responses: { '200': { description: 'ok' } },
              },
            },
          },
        },
        want: [
          'addPlant path:gardenId <- addGarden body /id, addGarden location Location /gardens/{gardenId}',
          'findPhotos query:plantId <- addPlant body /id',
        ],
      },
    ],
    [
      'a value of another type does not travel: an object id feeds no integer parameter (only the Location can)',
      {
        spec: {
          paths: {
            '/things': { post: created('addThing', { id: { type: 'integer' } }) },
            '/things/{thingId}': {
              get: {
                operationId: 'getThing',
                parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
                responses: { '200': { description: 'ok' } },
              },
            },
            '/boxes/{boxId}': {
              get: {
                operationId: 'getBox',
                parameters: [{ name: 'boxId', in: 'path', required: true, schema: { type: 'integer' } }],
                responses: { '200': { description: 'ok' } },
              },
            },
            '/boxes': {
              post: created('addBox', { id: { type: 'object' } }),
            },
          },
        },
        want: [
          'getThing path:thingId <- addThing body /id, addThing location Location /things/{thingId}',
          'getBox path:boxId <- addBox location Location /boxes/{boxId}',
        ],
      },
    ],
    [
      'a link naming a header: the Location a create answers',
      {
        spec: {
          paths: {
            '/jobs': {
              post: {
                operationId: 'startJob',
                responses: {
                  '202': {
                    description: 'started',
                    links: { Poll: { operationId: 'pollJob', parameters: { ticket: '$response.header.Job-Ticket' } } },
                  },
                },
              },
            },
            '/queue/{ticket}': {
              get: {
                operationId: 'pollJob',
                parameters: [{ name: 'ticket', in: 'path', required: true, schema: { type: 'string' } }],
                responses: { '200': { description: 'ok' } },
              },
            },
          },
        },
        want: ['pollJob path:ticket <- startJob header header Job-Ticket'],
      },
    ],
  ])('%s', async (_name, { spec, want }) => {
    const loaded = await loadSpec({ document: { openapi: '3.1.0', info: { title: 't', version: '1' }, ...spec } });
    const map = inferProducers(loaded.operations);
    expect(
      loaded.operations.flatMap((operation) =>
        map
          .consumers(operation.id)
          .map(
            (consumer) =>
              `${operation.id} ${consumer.parameter.in}:${consumer.parameter.name} <- ${consumer.harvesters.map((harvester) => harvester.key).join(', ')}`,
          ),
      ),
    ).toEqual(want);
  });
});

/** A POST answering 201 with an object of `properties`. */
function created(operationId: string, properties: Record<string, unknown>) {
  return {
    operationId,
    responses: {
      '201': {
        description: 'created',
        content: { 'application/json': { schema: { type: 'object', properties } } },
      },
    },
  };
}
