/**
 * Issue 18 section 1, rule by rule: what class of finding (failure, spec
 * gap, none) each check gives for a status, by the case's kind, expectation
 * and resource, the operation and what it documents. The operations are
 * those of a framework-shaped spec that documents successes only
 * (fixtures/framework/todos-nest-3.0.yaml) and of the Plant Store, which
 * documents a 400.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { CHECKS } from '../../../src/contract/checks/index.js';
import type { ItemExpectation, StatefulExpectation } from '../../../src/core/exchange/stateful-expectation.js';
import type { ContractCase, Exchange, Expectation, ResourceState } from '../../../src/core/exchange/types.js';
import { analyseExchange } from '../../../src/core/response/analyse.js';
import { createCheckContext } from '../../../src/core/response/context.js';
import { httpRefusalReason } from '../../../src/core/response/http-refusals.js';
import type { CheckContext } from '../../../src/core/response/types.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { Operation } from '../../../src/core/spec/types.js';
import { compileValidators } from '../../../src/core/validation/compile-validators.js';

const operations = new Map<string, { operation: Operation; context: CheckContext }>();
beforeAll(async () => {
  for (const file of ['test/fixtures/framework/todos-nest-3.0.yaml', 'openapi.yaml']) {
    const spec = await loadSpec(file);
    const context = createCheckContext(spec, compileValidators(spec), false);
    for (const operation of spec.operations) operations.set(operation.id, { operation, context });
  }
});

/** Short names of the operations used below. */
const OPS = {
  findOne: 'TodosController_findOne', // GET /todos/{id}: 200 only, a path parameter
  create: 'TodosController_create', // POST /todos: 201 only, a JSON body
  findAll: 'TodosController_findAll', // GET /todos: 200 only, no path parameter
  remove: 'TodosController_remove', // DELETE /todos/{id}: 200 only
  addPlant: 'addPlant', // POST /plants: 200 and 400
} as const;

interface Given {
  op: keyof typeof OPS;
  status: number;
  kind?: ContractCase['kind'];
  expect?: Expectation;
  resource?: ResourceState;
  method?: string;
  /** Request headers; a JSON Content-Type by default where the operation takes a body. */
  headers?: Record<string, string>;
  sent?: string;
  path?: string;
  stateful?: StatefulExpectation;
}

function exchangeOf(given: Given): Exchange {
  const { operation } = operations.get(OPS[given.op])!;
  const takesBody = operation.requestBody !== undefined;
  const contractCase: ContractCase = {
    id: `${operation.id}/test`,
    kind: given.kind ?? 'positive',
    operation,
    title: 'test',
    request: {
      method: given.method ?? operation.method,
      path: given.path ?? operation.path.replace('{id}', '7'),
      headers: given.headers ?? (takesBody ? { 'content-type': 'application/json' } : {}),
      ...(given.sent !== undefined ? { body: given.sent } : takesBody ? { body: '{"title":"a"}' } : {}),
    },
    expect: given.expect ?? { outcome: 'success' },
    ...(given.resource ? { resource: given.resource } : {}),
    ...(given.stateful ? { stateful: given.stateful } : {}),
  };
  const body = given.status === 204 ? '' : `{"statusCode":${given.status},"message":"m"}`;
  return {
    case: contractCase,
    url: `http://127.0.0.1${contractCase.request.path}`,
    durationMs: 1,
    response: {
      status: given.status,
      headers: body === '' ? {} : { 'content-type': 'application/json' },
      body,
      truncated: false,
      invalidUtf8: false,
    },
  };
}

/** The classes of the findings `checkId` gives for `given`. */
function classesOf(checkId: string, given: Given): string[] {
  const check = CHECKS.find((candidate) => candidate.id === checkId)!;
  const exchange = exchangeOf(given);
  const { context } = operations.get(OPS[given.op])!;
  return check.run(analyseExchange(exchange), context).map((finding) => finding.class);
}

const invalid: Expectation = { outcome: 'rejection' };
const auth: Expectation = { outcome: 'auth-rejection' };
const item = (state: ItemExpectation['state']): StatefulExpectation => ({
  collection: 'todos',
  noun: 'todo',
  step: 3,
  action: 'read',
  idField: 'id',
  item: { id: '7', state, createdIn: 1, written: {}, deleted: [], notFound: [] },
});
const secondDelete: StatefulExpectation = { ...item('gone'), action: 'delete' };

/** [rule, check, given, the classes wanted]: one row per rule and side of it. */
const RULES: Array<[string, string, Given, string[]]> = [
  // 404/410: a resource the run made up or deleted; a failure for a live one.
  ['404, made-up id (no claim, a path parameter)', 'status-documented', { op: 'findOne', status: 404 }, ['spec-gap']],
  ['404, made-up id: the request stays valid', 'outcome', { op: 'findOne', status: 404 }, []],
  ['410, made-up id', 'status-documented', { op: 'findOne', status: 410, resource: 'made-up' }, ['spec-gap']],
  ['404, deleted', 'status-documented', { op: 'findOne', status: 404, resource: 'deleted' }, ['spec-gap']],
  ['404, deleted: the request stays valid', 'outcome', { op: 'findOne', status: 404, resource: 'deleted' }, []],
  ['404, live resource: left to outcome', 'status-documented', { op: 'findOne', status: 404, resource: 'live' }, []],
  ['404, live resource: a failure', 'outcome', { op: 'findOne', status: 404, resource: 'live' }, ['failure']],
  ['404, no path parameter: a failure', 'outcome', { op: 'findAll', status: 404 }, ['failure']],
  // 405: a method the spec does not declare for the path.
  ['405, undeclared method', 'status-documented', { op: 'findOne', status: 405, method: 'PUT' }, ['spec-gap']],
  ['405, undeclared method: stays valid', 'outcome', { op: 'findOne', status: 405, method: 'PUT' }, []],
  ['405, the declared method: a failure', 'outcome', { op: 'findOne', status: 405 }, ['failure']],
  // 401/403: auth cases.
  ['401, auth case', 'status-documented', { op: 'findAll', status: 401, kind: 'auth', expect: auth }, ['spec-gap']],
  ['403, auth case', 'status-documented', { op: 'findAll', status: 403, kind: 'auth', expect: auth }, ['spec-gap']],
  ['401, auth case: refused as it must be', 'outcome', { op: 'findAll', status: 401, kind: 'auth', expect: auth }, []],
  ['401, valid credentials: a failure', 'outcome', { op: 'findAll', status: 401 }, ['failure']],
  // 406: an Accept the operation cannot satisfy.
  [
    '406, Accept: text/csv',
    'status-documented',
    { op: 'findAll', status: 406, headers: { accept: 'text/csv' } },
    ['spec-gap'],
  ],
  [
    '406, Accept: text/csv: stays valid',
    'outcome',
    { op: 'findAll', status: 406, headers: { accept: 'text/csv' } },
    [],
  ],
  [
    '406, a documented Accept: a failure',
    'outcome',
    { op: 'findAll', status: 406, headers: { accept: 'application/json' } },
    ['failure'],
  ],
  // 413: a request with a body.
  ['413, a body', 'status-documented', { op: 'create', status: 413 }, ['spec-gap']],
  ['413, a body: stays valid', 'outcome', { op: 'create', status: 413 }, []],
  ['413, no body: a failure', 'outcome', { op: 'findAll', status: 413 }, ['failure']],
  // 414: a target of 2 KiB or more.
  [
    '414, a 3 KiB target',
    'status-documented',
    { op: 'findAll', status: 414, path: `/todos?q=${'a'.repeat(3072)}` },
    ['spec-gap'],
  ],
  ['414, a short target: a failure', 'outcome', { op: 'findAll', status: 414 }, ['failure']],
  // 415: a Content-Type the operation does not take.
  [
    '415, text/plain',
    'status-documented',
    { op: 'create', status: 415, headers: { 'content-type': 'text/plain' } },
    ['spec-gap'],
  ],
  [
    '415, text/plain: stays valid',
    'outcome',
    { op: 'create', status: 415, headers: { 'content-type': 'text/plain' } },
    [],
  ],
  ['415, the documented JSON: a failure', 'outcome', { op: 'create', status: 415 }, ['failure']],
  // 429: any request.
  ['429', 'status-documented', { op: 'findAll', status: 429 }, ['spec-gap']],
  ['429: stays valid', 'outcome', { op: 'findAll', status: 429 }, []],
  // 431: header fields of 4 KiB or more.
  [
    '431, 5 KiB of headers',
    'status-documented',
    { op: 'findAll', status: 431, headers: { 'x-big': 'b'.repeat(5120) } },
    ['spec-gap'],
  ],
  ['431, small headers: a failure', 'outcome', { op: 'findAll', status: 431 }, ['failure']],
  // Any 4xx for invalid input, documented 4xx or not.
  [
    '400, invalid input, no 4xx documented',
    'status-documented',
    { op: 'create', status: 400, kind: 'negative', expect: invalid },
    ['spec-gap'],
  ],
  [
    '422, invalid input, 400 documented',
    'status-documented',
    { op: 'addPlant', status: 422, kind: 'negative', expect: invalid },
    ['spec-gap'],
  ],
  [
    '400, invalid input, documented',
    'status-documented',
    { op: 'addPlant', status: 400, kind: 'negative', expect: invalid },
    [],
  ],
  [
    '400, invalid input: refused as it must be',
    'outcome',
    { op: 'create', status: 400, kind: 'negative', expect: invalid },
    [],
  ],
  [
    '201, invalid input accepted: a failure',
    'outcome',
    { op: 'create', status: 201, kind: 'negative', expect: invalid },
    ['failure'],
  ],
  // A valid request refused: a documented 400, an undocumented 422.
  ['400 documented, valid request: a failure', 'outcome', { op: 'addPlant', status: 400 }, ['failure']],
  ['422 undocumented, valid request: left to outcome', 'status-documented', { op: 'create', status: 422 }, []],
  ['422 undocumented, valid request: a failure', 'outcome', { op: 'create', status: 422 }, ['failure']],
  // Not 4xx: an undocumented 2xx or 3xx is a failure; a 5xx is server-error's.
  ['200 where 201 is documented: a failure', 'status-documented', { op: 'create', status: 200 }, ['failure']],
  ['500', 'server-error', { op: 'create', status: 500 }, ['failure']],
  ['500: not status-documented', 'status-documented', { op: 'create', status: 500 }, []],
  // The status a contracts/ scenario names.
  [
    '400, a scenario expects it',
    'status-documented',
    { op: 'create', status: 400, kind: 'scenario', expect: { outcome: 'status', status: 400 } },
    ['spec-gap'],
  ],
  // Stateful: a deleted item is "not found", documented or not; a live one is there.
  [
    'read after delete: 404 undocumented',
    'status-documented',
    { op: 'findOne', status: 404, expect: { outcome: 'resource-state' }, stateful: item('gone') },
    ['spec-gap'],
  ],
  [
    'read after delete: 404 passes use-after-delete',
    'use-after-delete',
    { op: 'findOne', status: 404, expect: { outcome: 'resource-state' }, stateful: item('gone') },
    [],
  ],
  [
    'read after delete: 200 fails use-after-delete',
    'use-after-delete',
    { op: 'findOne', status: 200, expect: { outcome: 'resource-state' }, stateful: item('gone') },
    ['failure'],
  ],
  [
    'second delete: 404 undocumented passes',
    'second-delete-not-found',
    { op: 'remove', status: 404, expect: { outcome: 'resource-state' }, stateful: secondDelete },
    [],
  ],
  [
    'second delete: 204 fails',
    'second-delete-not-found',
    { op: 'remove', status: 204, expect: { outcome: 'resource-state' }, stateful: secondDelete },
    ['failure'],
  ],
  [
    'read of a live item: 404 fails resource-available',
    'resource-available',
    { op: 'findOne', status: 404, stateful: item('live') },
    ['failure'],
  ],
  [
    "read of a live item: 404 is not outcome's too",
    'outcome',
    { op: 'findOne', status: 404, stateful: item('live') },
    [],
  ],
];

describe('classification by rule', () => {
  test.each(RULES)('%s (%s)', (_rule, check, given, want) => {
    expect(classesOf(check, given)).toEqual(want);
  });

  test('every spec gap carries severity warning: reports of version 1.0 do not count it as an error', () => {
    const check = CHECKS.find((candidate) => candidate.id === 'status-documented')!;
    const exchange = exchangeOf({ op: 'findOne', status: 404 });
    const [finding] = check.run(analyseExchange(exchange), operations.get(OPS.findOne)!.context);
    expect(finding).toMatchObject({ class: 'spec-gap', severity: 'warning' });
    expect(finding!.message).toBe(
      "status 404 is not documented for TodosController_findOne, yet it is the right answer here: the run made up the resource's id",
    );
  });

  test('the reason names what HTTP calls for', () => {
    expect(httpRefusalReason(exchangeOf({ op: 'findOne', status: 404, resource: 'deleted' }), 404)).toBe(
      'the resource was deleted earlier in the run',
    );
    expect(httpRefusalReason(exchangeOf({ op: 'create', status: 400, kind: 'negative', expect: invalid }), 400)).toBe(
      'the request was invalid, and the operation documents no 4xx',
    );
    expect(httpRefusalReason(exchangeOf({ op: 'findAll', status: 418 }), 418)).toBeUndefined();
  });
});
