/**
 * The resource pool (issue 18 section 2): values harvested from success
 * answers, re-validated against the consuming parameter's schema before
 * use, marked deleted by a 2xx DELETE, handed out oldest first; a DELETE
 * claims its item; a nested item brings its parent along.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createCaseContext } from '../../../src/contract/cases/context.js';
import { bind } from '../../../src/contract/producers/binding.js';
import { ResourcePool } from '../../../src/contract/producers/pool.js';
import type { Exchange } from '../../../src/core/exchange/types.js';
import { inferProducers } from '../../../src/core/resources/producers.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { LoadedSpec, Operation } from '../../../src/core/spec/types.js';
import { compileValidators } from '../../../src/core/validation/compile-validators.js';

let spec: LoadedSpec;
const operation = (id: string) => spec.operations.find((item) => item.id === id)!;

beforeAll(async () => {
  spec = await loadSpec({
    document: {
      openapi: '3.1.0',
      info: { title: 'gardens', version: '1' },
      paths: {
        '/gardens': { post: created('addGarden', { id: { type: 'integer' } }) },
        '/gardens/{gardenId}/plants': {
          parameters: [{ name: 'gardenId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
          post: created('addPlant', { id: { type: 'integer' } }),
        },
        '/gardens/{gardenId}/plants/{plantId}': {
          parameters: [
            { name: 'gardenId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
            { name: 'plantId', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
          ],
          get: { operationId: 'getPlant', responses: { '200': { description: 'ok' } } },
          delete: { operationId: 'deletePlant', responses: { '204': { description: 'gone' } } },
        },
      },
    },
  });
});

function pool(): ResourcePool {
  const context = createCaseContext(spec, compileValidators(spec), {
    credentials: { bearer: undefined, apiKey: undefined, basic: undefined, byScheme: {} },
    token: undefined,
    integerBase: 1n,
    scenarios: new Map(),
  });
  return new ResourcePool(inferProducers(spec.operations), context.schemaValidator);
}

/** The exchange of `operation` sent to `path` that got `status` and `body`. */
function answered(of: Operation, path: string, status: number, body = ''): Exchange {
  const contractCase = {
    id: `${of.id}/x`,
    kind: 'positive' as const,
    operation: of,
    title: 'x',
    request: { method: of.method, path, headers: {} },
    expect: { outcome: 'success' as const },
  };
  return {
    case: contractCase,
    url: `http://h${path}`,
    durationMs: 0,
    response: { status, headers: { 'content-type': 'application/json' }, body, truncated: false, invalidUtf8: false },
  };
}

const bound = (from: ResourcePool, id: string) => Object.fromEntries(bind(from, operation(id)).values);

describe('the resource pool', () => {
  test.each<[string, { answers: Array<[string, string, number, string]>; want: Record<string, unknown> }]>([
    [
      'a created plant names itself and its garden (the path its create was sent to)',
      {
        answers: [
          ['addGarden', '/gardens', 201, '{"id":5}'],
          ['addPlant', '/gardens/5/plants', 201, '{"id":12}'],
        ],
        want: { 'path:plantId': 12, 'path:gardenId': 5 },
      },
    ],
    [
      'values the parameter refuses are never used: a string, one above the maximum, a refusal',
      {
        answers: [
          ['addGarden', '/gardens', 201, '{"id":5}'],
          ['addPlant', '/gardens/5/plants', 201, '{"id":"twelve"}'],
          ['addPlant', '/gardens/5/plants', 201, '{"id":5000}'],
          ['addPlant', '/gardens/5/plants', 400, '{"id":13}'],
        ],
        // The garden is real: only the plant is left to be made up.
        want: { 'path:gardenId': 5 },
      },
    ],
    [
      'oldest first',
      {
        answers: [
          ['addPlant', '/gardens/7/plants', 201, '{"id":3}'],
          ['addPlant', '/gardens/7/plants', 201, '{"id":4}'],
        ],
        want: { 'path:plantId': 3, 'path:gardenId': 7 },
      },
    ],
    [
      'a 2xx DELETE marks its plant deleted; the next one is handed out',
      {
        answers: [
          ['addPlant', '/gardens/7/plants', 201, '{"id":3}'],
          ['addPlant', '/gardens/7/plants', 201, '{"id":4}'],
          ['deletePlant', '/gardens/7/plants/3', 204, ''],
        ],
        want: { 'path:plantId': 4, 'path:gardenId': 7 },
      },
    ],
  ])('%s', (_name, { answers, want }) => {
    const values = pool();
    for (const [id, path, status, body] of answers) values.observe(answered(operation(id), path, status, body));
    expect(bound(values, 'getPlant')).toEqual(want);
  });

  test('a DELETE claims its plant: no other case is handed it again', () => {
    const values = pool();
    for (const id of [3, 4]) values.observe(answered(operation('addPlant'), '/gardens/7/plants', 201, `{"id":${id}}`));
    expect(Object.fromEntries(bind(values, operation('deletePlant'), true).values)).toMatchObject({
      'path:plantId': 3,
    });
    expect(Object.fromEntries(bind(values, operation('deletePlant'), true).values)).toMatchObject({
      'path:plantId': 4,
    });
    expect(bind(values, operation('deletePlant'), true).values.size).toBe(0);
  });
});

/** A POST answering 201 with an object of `properties`. */
function created(operationId: string, properties: Record<string, unknown>) {
  return {
    operationId,
    responses: {
      '201': { description: 'created', content: { 'application/json': { schema: { type: 'object', properties } } } },
    },
  };
}
