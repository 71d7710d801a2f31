/**
 * Each check in isolation, table-driven: a given exchange (case kind,
 * status, headers, body) and the findings wanted from that one check.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { CHECKS } from '../../../src/contract/checks/index.js';
import type {
  ItemExpectation,
  ListExpectation,
  StatefulExpectation,
} from '../../../src/core/exchange/stateful-expectation.js';
import type { ContractCase, Exchange, Expectation } from '../../../src/core/exchange/types.js';
import { parseJson } from '../../../src/core/json/exact-json.js';
import { analyseExchange } from '../../../src/core/response/analyse.js';
import { createCheckContext } from '../../../src/core/response/context.js';
import { decodeResponseBody } from '../../../src/core/response/decode-response.js';
import type { CheckContext } from '../../../src/core/response/types.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { Operation } from '../../../src/core/spec/types.js';
import { compileValidators } from '../../../src/core/validation/compile-validators.js';

let operation: Operation;
let context: CheckContext;
/** Operations of the richer fixtures, with their own contexts: `catalog:listPlants`, `forms:orderSeeds`, `orders:addTag`. */
const others = new Map<string, { operation: Operation; context: CheckContext }>();
beforeAll(async () => {
  const spec = await loadSpec('openapi.yaml');
  operation = spec.operations[0]!;
  context = createCheckContext(spec, compileValidators(spec), false);
  for (const [name, file] of [
    ['catalog', 'rich/catalog-3.1.yaml'],
    ['forms', 'rich/forms-3.0.yaml'],
    ['orders', 'stateful/orders-3.0.yaml'],
  ]) {
    const rich = await loadSpec(`test/fixtures/${file}`);
    const richContext = createCheckContext(rich, compileValidators(rich), false);
    for (const item of rich.operations) others.set(`${name}:${item.id}`, { operation: item, context: richContext });
  }
  // OAS 3.1 lets an operation document no response at all.
  const silent = await loadSpec({
    document: {
      openapi: '3.1.0',
      info: { title: 'Silent', version: '1' },
      paths: { '/notes': { put: { operationId: 'putNote' } } },
    },
  });
  const silentContext = createCheckContext(silent, compileValidators(silent), false);
  others.set('silent:putNote', { operation: silent.operations[0]!, context: silentContext });
  // An item with a top-level int64 (GitHub's codespace `idle_timeout_minutes`), for stored-equals-sent.
  const ledger = await loadSpec({
    document: {
      openapi: '3.1.0',
      info: { title: 'Ledger', version: '1' },
      paths: {
        '/entries/{id}': {
          get: {
            operationId: 'getEntry',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: {
              '200': {
                description: 'The entry',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { id: { type: 'integer' }, amount: { type: 'integer', format: 'int64' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  const ledgerContext = createCheckContext(ledger, compileValidators(ledger), false);
  others.set('ledger:getEntry', { operation: ledger.operations[0]!, context: ledgerContext });
});

interface Given {
  kind?: ContractCase['kind'];
  expect?: Expectation;
  sent?: string;
  status?: number;
  contentType?: string | null;
  body?: string;
  failure?: Exchange['failure'];
  invalidUtf8?: boolean;
  strict?: boolean;
  /** An operation of a richer fixture (`catalog:deletePlant`) instead of addPlant. */
  of?: string;
  method?: string;
  headers?: Record<string, string>;
  /** What a stateful step expects (the stateful checks read nothing else). */
  stateful?: StatefulExpectation;
}

/** Run one check on the exchange described by `given`; return `check pointer: received | documented` lines. */
async function findingsOf(checkId: string, given: Given): Promise<string[]> {
  const check = CHECKS.find((candidate) => candidate.id === checkId)!;
  const other = given.of === undefined ? undefined : others.get(given.of)!;
  const contractCase: ContractCase = {
    id: 'addPlant/test',
    kind: given.kind ?? 'positive',
    operation: other?.operation ?? operation,
    title: 'test',
    request: {
      method: given.method ?? 'POST',
      path: '/plants',
      headers: {},
      ...(given.sent ? { body: given.sent } : {}),
    },
    expect: given.expect ?? { outcome: 'success' },
    ...(given.stateful ? { stateful: given.stateful } : {}),
  };
  const headers: Record<string, string> = {
    ...(given.contentType === null ? {} : { 'content-type': given.contentType ?? 'application/json' }),
    ...given.headers,
  };
  const exchange: Exchange = {
    case: contractCase,
    url: 'http://127.0.0.1/plants',
    durationMs: 1,
    ...(given.failure
      ? { failure: given.failure }
      : {
          response: {
            status: given.status ?? 200,
            headers,
            body: given.body ?? '{"name":"Fern"}',
            truncated: false,
            invalidUtf8: given.invalidUtf8 ?? false,
          },
        }),
  };
  const analysed = analyseExchange(exchange, await decodeResponseBody(exchange));
  return check
    .run(analysed, { ...(other?.context ?? context), strict: given.strict ?? false })
    .map(
      (item) =>
        `${item.class === 'failure' ? '' : `${item.class} `}${item.check} ${item.pointer}: ${item.received} | ${item.documented}`,
    );
}

/** A stateful step of the catalog's plants (issue 13), at step 4 of its sequence. */
const step = (action: StatefulExpectation['action'], more: Partial<StatefulExpectation> = {}): StatefulExpectation => ({
  collection: 'plants',
  noun: 'plant',
  step: 4,
  action,
  idField: 'id',
  ...more,
});
const plant = (more: Partial<ItemExpectation> = {}): ItemExpectation => ({
  id: '5',
  state: 'live',
  createdIn: 1,
  written: { name: 'Fern', tag: 'indoor' },
  deleted: [],
  notFound: ['404'],
  ...more,
});
const gone = (more: Partial<ItemExpectation> = {}): ItemExpectation => plant({ state: 'gone', deletedIn: 3, ...more });
const listed = (more: Partial<ListExpectation> = {}): ListExpectation => ({
  itemsPointer: '',
  live: [{ id: '5', createdIn: 1 }],
  gone: [],
  pageSize: 50,
  unpaged: false,
  totalHeader: 'X-Total-Count',
  totalField: undefined,
  ...more,
});
const fern = '{"id":5,"name":"Fern","tag":"indoor","createdAt":"2024-05-01T12:00:00Z"}';
const read = (body: string, item: ItemExpectation, status = 200): Given => ({
  of: 'catalog:getPlant',
  method: 'GET',
  status,
  body,
  stateful: step('read', { item }),
  ...(status === 404 ? { contentType: 'application/problem+json' } : {}),
});
/** A read of ledger entry 5, which the create wrote as `written` (JSON text: its numbers keep their digits). */
const entry = (body: string, written: string): Given => ({
  of: 'ledger:getEntry',
  method: 'GET',
  body,
  stateful: step('read', {
    item: plant({
      written: parseJson(written).ok ? (parseJson(written) as { value: Record<string, unknown> }).value : {},
    }),
  }),
});
const list = (body: string, expectation: ListExpectation, total?: string, action: 'list' | 'page' = 'list'): Given => ({
  of: 'catalog:listPlants',
  method: 'GET',
  body,
  stateful: step(action, { list: expectation }),
  headers: { 'x-total-count': total ?? '1' },
});
const problem404 = '{"title":"Not Found","status":404}';

const table: Array<[string, { check: string; given: Given; want: string[] }]> = [
  // transport
  [
    'timeout is a finding',
    {
      check: 'transport',
      given: { failure: { kind: 'timeout', message: 'no complete response within 10 ms' } },
      want: ['transport : timeout | a response within the timeout'],
    },
  ],
  [
    'too-large body is a finding',
    {
      check: 'transport',
      given: { failure: { kind: 'too-large', message: 'big' } },
      want: ['transport : too-large | a body under the size cap'],
    },
  ],
  ['a response is not a transport finding', { check: 'transport', given: {}, want: [] }],
  // server-error
  [
    '500',
    {
      check: 'server-error',
      given: { status: 500, body: 'boom' },
      want: ['server-error : status 500, body boom | no 5xx'],
    },
  ],
  [
    '503 on a negative case',
    {
      check: 'server-error',
      given: { kind: 'negative', status: 503, body: '' },
      want: ['server-error : status 503, body an empty body | a 4xx rejection of the invalid request'],
    },
  ],
  ['400 is not a server error', { check: 'server-error', given: { status: 400 }, want: [] }],
  // status-documented
  [
    '201 is undocumented',
    { check: 'status-documented', given: { status: 201 }, want: ['status-documented : status 201 | 200, 400'] },
  ],
  // A valid request refused is outcome's finding (one bug, one finding): status-documented says nothing.
  ['401 on a positive case is left to outcome', { check: 'status-documented', given: { status: 401 }, want: [] }],
  [
    '401 on a positive case: a valid request refused',
    {
      check: 'outcome',
      given: { status: 401, body: '{}' },
      want: ['outcome : status 401, body {} | a documented non-error status (200)'],
    },
  ],
  [
    '401 on an auth case: a spec gap',
    {
      check: 'status-documented',
      given: { kind: 'auth', expect: { outcome: 'auth-rejection' }, status: 401 },
      want: ['spec-gap status-documented : status 401 | 200, 400'],
    },
  ],
  [
    '403 on an auth case: a spec gap',
    {
      check: 'status-documented',
      given: { kind: 'auth', expect: { outcome: 'auth-rejection' }, status: 403 },
      want: ['spec-gap status-documented : status 403 | 200, 400'],
    },
  ],
  [
    '302 is undocumented (redirects are not followed)',
    { check: 'status-documented', given: { status: 302 }, want: ['status-documented : status 302 | 200, 400'] },
  ],
  ['5xx is left to server-error', { check: 'status-documented', given: { status: 500 }, want: [] }],
  [
    'a success of an operation that documents no response at all: a spec gap',
    {
      check: 'status-documented',
      given: { of: 'silent:putNote', method: 'PUT', status: 200 },
      want: ['spec-gap status-documented : status 200 | '],
    },
  ],
  [
    'a 4xx to a valid request there is still left to outcome',
    { check: 'status-documented', given: { of: 'silent:putNote', method: 'PUT', status: 409 }, want: [] },
  ],
  // content-type
  [
    'text/html',
    {
      check: 'content-type',
      given: { contentType: 'text/html' },
      want: ['content-type : text/html | application/json'],
    },
  ],
  [
    'missing header',
    {
      check: 'content-type',
      given: { contentType: null },
      want: ['content-type : no Content-Type | application/json'],
    },
  ],
  [
    'charset parameter allowed',
    { check: 'content-type', given: { contentType: 'application/json; charset=utf-8' }, want: [] },
  ],
  ['case-insensitive', { check: 'content-type', given: { contentType: 'Application/JSON' }, want: [] }],
  [
    'undocumented status is not checked here',
    { check: 'content-type', given: { status: 404, contentType: 'text/html' }, want: [] },
  ],
  // json-body
  ['not JSON', { check: 'json-body', given: { body: '<plant/>' }, want: ['json-body : <plant/> | a JSON document'] }],
  ['empty', { check: 'json-body', given: { body: '' }, want: ['json-body : an empty body | a JSON document'] }],
  [
    'invalid UTF-8',
    {
      check: 'json-body',
      given: { body: '{"name":"\uFFFD"}', invalidUtf8: true },
      want: ['json-body : {"name":"\uFFFD"} | UTF-8 JSON'],
    },
  ],
  [
    'missing Content-Type, documented JSON, not JSON',
    { check: 'json-body', given: { contentType: null, body: 'x' }, want: ['json-body : x | a JSON document'] },
  ],
  // response-schema
  [
    '200 without name',
    {
      check: 'response-schema',
      given: { body: '{"tag":"x"}' },
      want: ['response-schema /name: absent from {"tag":"x"} | must have required property \'name\''],
    },
  ],
  [
    '200 with a numeric name',
    {
      check: 'response-schema',
      given: { body: '{"name":5}' },
      want: ['response-schema /name: 5 (integer) | must be string'],
    },
  ],
  [
    '400 in another shape',
    {
      check: 'response-schema',
      given: { status: 400, body: '{"code":"bad"}' },
      want: [
        'response-schema /error: absent from {"code":"bad"} | must have required property \'error\'',
        'response-schema /message: absent from {"code":"bad"} | must have required property \'message\'',
      ],
    },
  ],
  [
    '400 with an error beyond int32, exact digits kept',
    {
      check: 'response-schema',
      given: { status: 400, body: '{"error":9223372036854775807,"message":"m"}' },
      want: [
        'response-schema /error: 9223372036854775807 | must be an integer within int32 (-2147483648 to 2147483647)',
      ],
    },
  ],
  [
    'valid 200 with extra id passes without --strict',
    { check: 'response-schema', given: { body: '{"name":"x","id":1}' }, want: [] },
  ],
  // outcome
  // outcome and status-documented beyond 2xx (issue 14 items 3, 5, 8)
  [
    'a valid request for a missing resource: the documented 404',
    {
      check: 'outcome',
      given: {
        of: 'catalog:getPlant',
        method: 'GET',
        status: 404,
        contentType: 'application/problem+json',
        body: '{"title":"Not Found","status":404}',
      },
      want: [],
    },
  ],
  [
    'a documented redirect answers a valid request',
    {
      check: 'outcome',
      given: { of: 'forms:oldCatalogue', method: 'GET', status: 301, contentType: null, body: '' },
      want: [],
    },
  ],
  [
    'a valid request refused with the documented 422',
    {
      check: 'outcome',
      given: {
        of: 'catalog:getPlant',
        method: 'GET',
        status: 422,
        contentType: 'application/problem+json',
        body: '{"title":"x","status":422}',
      },
      want: ['outcome : status 422, body {"title":"x","status":422} | a documented non-error status (200)'],
    },
  ],
  [
    'invalid input, no 4xx documented: a spec gap',
    {
      check: 'status-documented',
      given: {
        of: 'catalog:health',
        method: 'GET',
        kind: 'negative',
        expect: { outcome: 'rejection' },
        status: 400,
        body: '{}',
      },
      want: ['spec-gap status-documented : status 400 | 200'],
    },
  ],
  [
    'invalid input, another 4xx than documented: a spec gap',
    {
      check: 'status-documented',
      given: { kind: 'negative', expect: { outcome: 'rejection' }, status: 415, body: '{}' },
      want: ['spec-gap status-documented : status 415 | 200, 400'],
    },
  ],
  [
    'a valid request with an undocumented 4xx: left to outcome',
    { check: 'status-documented', given: { status: 422, body: '{}' }, want: [] },
  ],
  [
    'a valid request with an undocumented 4xx: a failure',
    {
      check: 'outcome',
      given: { status: 422, body: '{}' },
      want: ['outcome : status 422, body {} | a documented non-error status (200)'],
    },
  ],
  [
    'positive rejected',
    {
      check: 'outcome',
      given: { status: 400, body: '{"error":400,"message":"no"}' },
      want: ['outcome : status 400, body {"error":400,"message":"no"} | a documented non-error status (200)'],
    },
  ],
  [
    'negative accepted',
    {
      check: 'outcome',
      given: { kind: 'negative', expect: { outcome: 'rejection' }, status: 200 },
      want: ['outcome : status 200 | a 4xx rejection (400)'],
    },
  ],
  [
    'negative rejected',
    { check: 'outcome', given: { kind: 'negative', expect: { outcome: 'rejection' }, status: 400 }, want: [] },
  ],
  [
    'auth succeeded',
    {
      check: 'outcome',
      given: { kind: 'auth', expect: { outcome: 'auth-rejection' }, status: 200 },
      want: ['outcome : status 200 | 401, 403 or another 4xx'],
    },
  ],
  [
    'auth refused with 403',
    { check: 'outcome', given: { kind: 'auth', expect: { outcome: 'auth-rejection' }, status: 403 }, want: [] },
  ],
  [
    'scenario status mismatch',
    {
      check: 'outcome',
      given: { kind: 'scenario', expect: { outcome: 'status', status: 400 }, status: 200 },
      want: ['outcome : status 200 | status 400'],
    },
  ],
  // echo
  [
    'echo equal',
    {
      check: 'echo',
      given: {
        kind: 'scenario',
        expect: { outcome: 'status', status: 200, echo: { pointers: ['/name'], sent: { name: 'Fern' } } },
      },
      want: [],
    },
  ],
  [
    'echo differs',
    {
      check: 'echo',
      given: {
        kind: 'scenario',
        expect: { outcome: 'status', status: 200, echo: { pointers: ['/name'], sent: { name: 'Fern' } } },
        body: '{"name":"FERN"}',
      },
      want: ['echo /name: "FERN" | "Fern" (as sent)'],
    },
  ],
  [
    'echo absent from the response is not compared',
    {
      check: 'echo',
      given: {
        kind: 'scenario',
        expect: { outcome: 'status', status: 200, echo: { pointers: ['/tag'], sent: { name: 'Fern', tag: 't' } } },
      },
      want: [],
    },
  ],
  [
    'echo of exact int64 digits',
    {
      check: 'echo',
      given: {
        kind: 'scenario',
        expect: {
          outcome: 'status',
          status: 200,
          echo: { pointers: ['/n'], sent: (parseJson('{"n":9223372036854775807}') as { value: unknown }).value },
        },
        body: '{"name":"x","n":9223372036854775806}',
      },
      want: ['echo /n: 9223372036854775806 | 9223372036854775807 (as sent)'],
    },
  ],
  // undeclared-property
  [
    '--strict flags id in a Plant',
    {
      check: 'undeclared-property',
      given: { strict: true, body: '{"name":"x","id":1}' },
      want: ['undeclared-property /id: 1 (integer) | only name, tag'],
    },
  ],
  ['without --strict nothing', { check: 'undeclared-property', given: { body: '{"name":"x","id":1}' }, want: [] }],
  // unexpected-body (issue 14 item 2)
  [
    'a 204 without a body is right, not an empty JSON body',
    {
      check: 'json-body',
      given: { of: 'catalog:deletePlant', method: 'DELETE', status: 204, contentType: null, body: '' },
      want: [],
    },
  ],
  [
    'a 204 with a body',
    {
      check: 'unexpected-body',
      given: { of: 'catalog:deletePlant', method: 'DELETE', status: 204, body: '{"deleted":true}' },
      want: ['unexpected-body : {"deleted":true} | no body'],
    },
  ],
  [
    'HEAD answered with a body',
    {
      check: 'unexpected-body',
      given: { method: 'HEAD', status: 200, body: '{"name":"x"}' },
      want: ['unexpected-body : {"name":"x"} | no body'],
    },
  ],
  ['a documented body', { check: 'unexpected-body', given: {}, want: [] }],
  // body-syntax and response-schema for other media types (issue 14: non-JSON media types)
  [
    'XML that is not well-formed',
    {
      check: 'body-syntax',
      given: { of: 'forms:orderSeeds', contentType: 'application/xml', body: '<order id="1"><variety>rose</order>' },
      want: ['body-syntax : <order id="1"><variety>rose</order> | a application/xml body'],
    },
  ],
  [
    'well-formed XML',
    {
      check: 'body-syntax',
      given: {
        of: 'forms:orderSeeds',
        contentType: 'application/xml',
        body: '<order id="1"><variety>rose</variety><packets>2</packets></order>',
      },
      want: [],
    },
  ],
  [
    'XML breaking its schema: a warning',
    {
      check: 'response-schema',
      given: {
        of: 'forms:orderSeeds',
        contentType: 'application/xml',
        body: '<order id="1"><variety>rose</variety><packets>many</packets></order>',
      },
      want: ['warning response-schema /packets: "many" (string) | must be integer'],
    },
  ],
  [
    'text/plain outside its enum',
    {
      check: 'response-schema',
      given: { of: 'catalog:health', method: 'GET', contentType: 'text/plain', body: 'degraded' },
      want: ['response-schema : "degraded" (string) | must be one of ["ok"]'],
    },
  ],
  // response-headers (issue 14: response headers)
  [
    'a required response header missing',
    {
      check: 'response-headers',
      given: { of: 'catalog:listPlants', method: 'GET', body: '[]' },
      want: ['response-headers : no such header | X-Total-Count: required'],
    },
  ],
  [
    'a response header of the wrong type',
    {
      check: 'response-headers',
      given: { of: 'catalog:listPlants', method: 'GET', body: '[]', headers: { 'x-total-count': 'many' } },
      want: ['response-headers : X-Total-Count: many | must be integer'],
    },
  ],
  [
    'a valid response header',
    {
      check: 'response-headers',
      given: { of: 'catalog:listPlants', method: 'GET', body: '[]', headers: { 'x-total-count': '0' } },
      want: [],
    },
  ],
  // a documented 409 answers a valid create whose id or name is taken (issue 13: the stateful mock's duplicate ids)
  [
    'a create answered with its documented 409',
    { check: 'outcome', given: { of: 'orders:addTag', status: 409, body: '{"message":"taken"}' }, want: [] },
  ],
  [
    'a create answered with an undocumented 409',
    {
      check: 'outcome',
      given: { of: 'catalog:createPlant', status: 409, body: '{}' },
      want: ['outcome : status 409, body {} | a documented non-error status (201)'],
    },
  ],
  // the stateful checks (issue 13): each reads case.stateful, and says nothing on other cases
  [
    'resource-available: a created plant answered 404',
    {
      check: 'resource-available',
      given: read(problem404, plant(), 404),
      want: [`resource-available : status 404, body ${problem404} | a 2xx: the plant exists until it is deleted`],
    },
  ],
  [
    'resource-available: a created plant answered 200',
    { check: 'resource-available', given: read(fern, plant()), want: [] },
  ],
  [
    'resource-available: a deleted plant answered 404 is right',
    { check: 'resource-available', given: read(problem404, gone(), 404), want: [] },
  ],
  [
    'resource-available: not a stateful case',
    {
      check: 'resource-available',
      given: {
        of: 'catalog:getPlant',
        method: 'GET',
        status: 404,
        contentType: 'application/problem+json',
        body: problem404,
      },
      want: [],
    },
  ],
  ['stored-equals-sent: what was written', { check: 'stored-equals-sent', given: read(fern, plant()), want: [] }],
  [
    'stored-equals-sent: another plant',
    {
      check: 'stored-equals-sent',
      given: read(fern.replace('"id":5', '"id":6'), plant()),
      want: ['stored-equals-sent /id: id 6 | the plant with id 5, created in step 1'],
    },
  ],
  [
    'stored-equals-sent: the optional tag dropped',
    {
      check: 'stored-equals-sent',
      given: read('{"id":5,"name":"Fern","createdAt":"2024-05-01T12:00:00Z"}', plant()),
      want: ['stored-equals-sent /tag: no such property | "indoor" (as written)'],
    },
  ],
  [
    'stored-equals-sent: a value changed',
    {
      check: 'stored-equals-sent',
      given: read(fern.replace('Fern', 'FERN'), plant()),
      want: ['stored-equals-sent /name: "FERN" | "Fern" (as written)'],
    },
  ],
  [
    'stored-equals-sent: a property the response does not declare is not compared',
    { check: 'stored-equals-sent', given: read(fern, plant({ written: { name: 'Fern', colour: 'green' } })), want: [] },
  ],
  [
    "stored-equals-sent: a written value the response's schema refuses cannot come back, so it is not compared",
    {
      check: 'stored-equals-sent',
      given: read(fern, plant({ written: { name: 'Fern', tag: 'greenhouse' } })),
      want: [],
    },
  ],
  [
    "stored-equals-sent: a property the response marks readOnly is the server's to set, so it is not compared",
    {
      check: 'stored-equals-sent',
      given: read(fern, plant({ written: { name: 'Fern', createdAt: '2020-01-01T00:00:00Z' } })),
      want: [],
    },
  ],
  [
    'stored-equals-sent: an int64 beyond 2^53 served as written (its digits, not the nearest double)',
    {
      check: 'stored-equals-sent',
      given: entry('{"id":5,"amount":-5671071757729726600}', '{"amount":-5671071757729726600}'),
      want: [],
    },
  ],
  [
    'stored-equals-sent: an int64 beyond 2^53 served as another integer that rounds to the same double',
    {
      check: 'stored-equals-sent',
      given: entry('{"id":5,"amount":-5671071757729726000}', '{"amount":-5671071757729726600}'),
      want: ['stored-equals-sent /amount: -5671071757729726000 | -5671071757729726600 (as written)'],
    },
  ],
  [
    'use-after-delete: a deleted plant is still read',
    {
      check: 'use-after-delete',
      given: read(fern, gone()),
      want: [`use-after-delete : status 200, body ${fern} | 404: it was deleted`],
    },
  ],
  [
    'use-after-delete: a deleted plant answered 404',
    { check: 'use-after-delete', given: read(problem404, gone(), 404), want: [] },
  ],
  [
    'use-after-delete: a reused id serves the deleted plant',
    {
      check: 'use-after-delete',
      given: read(
        fern,
        plant({
          createdIn: 6,
          written: { name: 'Moss' },
          deleted: [{ written: { name: 'Fern', tag: 'indoor' }, deletedIn: 3 }],
        }),
      ),
      want: [`use-after-delete : ${fern} | the plant created in step 6`],
    },
  ],
  [
    'use-after-delete: a list holding a deleted plant',
    {
      check: 'use-after-delete',
      given: list(`[${fern}]`, listed({ live: [], gone: [{ id: '5', deletedIn: 3 }] })),
      want: ['use-after-delete : id 5 in the list | deleted items are not listed'],
    },
  ],
  [
    'second-delete-not-found: 204 for a deleted plant',
    {
      check: 'second-delete-not-found',
      given: {
        of: 'catalog:deletePlant',
        method: 'DELETE',
        status: 204,
        contentType: null,
        body: '',
        stateful: step('delete', { item: gone() }),
      },
      want: ['second-delete-not-found : status 204 | 404: there is nothing left to delete'],
    },
  ],
  [
    'second-delete-not-found: the documented 404',
    {
      check: 'second-delete-not-found',
      given: {
        of: 'catalog:deletePlant',
        method: 'DELETE',
        status: 404,
        contentType: 'application/problem+json',
        body: problem404,
        stateful: step('delete', { item: gone() }),
      },
      want: [],
    },
  ],
  [
    'second-delete-not-found: nothing documented, "not found" still demanded',
    {
      check: 'second-delete-not-found',
      given: {
        of: 'catalog:deletePlant',
        method: 'DELETE',
        status: 204,
        contentType: null,
        body: '',
        stateful: step('delete', { item: gone({ notFound: [] }) }),
      },
      want: ['second-delete-not-found : status 204 | 404 or 410: there is nothing left to delete'],
    },
  ],
  [
    'list-includes-created: the only page misses a plant',
    {
      check: 'list-includes-created',
      given: list('[{"id":8,"name":"Moss","createdAt":"2024-05-01T12:00:00Z"}]', listed()),
      want: ['list-includes-created : 1 item (id 8) | every plant created and not deleted'],
    },
  ],
  [
    'list-includes-created: a full page is not judged',
    {
      check: 'list-includes-created',
      given: list('[{"id":8,"name":"Moss","createdAt":"2024-05-01T12:00:00Z"}]', listed({ pageSize: 1 })),
      want: [],
    },
  ],
  [
    'list-includes-created: the plant is there',
    { check: 'list-includes-created', given: list(`[${fern}]`, listed()), want: [] },
  ],
  [
    'total-count-matches: a stale X-Total-Count',
    {
      check: 'total-count-matches',
      given: list(`[${fern}]`, listed(), '3'),
      want: ['total-count-matches : X-Total-Count: 3 | X-Total-Count: 1'],
    },
  ],
  [
    'total-count-matches: a true X-Total-Count',
    { check: 'total-count-matches', given: list(`[${fern}]`, listed(), '1'), want: [] },
  ],
  [
    'total-count-matches: a full page is not judged',
    { check: 'total-count-matches', given: list(`[${fern}]`, listed({ pageSize: 1 }), '3'), want: [] },
  ],
  [
    'list-honours-limit: a page of 1 holding 2',
    {
      check: 'list-honours-limit',
      given: list(`[${fern},${fern.replace('"id":5', '"id":6')}]`, listed({ pageSize: 1 }), '2', 'page'),
      want: ['list-honours-limit : 2 items | at most 1 (the page size asked for)'],
    },
  ],
  [
    'list-honours-limit: a page of 1 holding 1',
    { check: 'list-honours-limit', given: list(`[${fern}]`, listed({ pageSize: 1 }), '2', 'page'), want: [] },
  ],
  [
    'total-count-at-least: a total of 0 beside a page of 1',
    {
      check: 'total-count-at-least',
      given: list(`[${fern}]`, listed({ pageSize: 1 }), '0', 'page'),
      want: ['total-count-at-least : X-Total-Count: 0 | at least 1'],
    },
  ],
  [
    'total-count-at-least: a total below the plants created and not deleted',
    {
      check: 'total-count-at-least',
      given: list(
        `[${fern}]`,
        listed({ pageSize: 1, live: [5, 6, 7].map((id) => ({ id: String(id), createdIn: id - 4 })) }),
        '2',
        'page',
      ),
      want: ['total-count-at-least : X-Total-Count: 2 | at least 3'],
    },
  ],
  [
    'total-count-at-least: a total above the page',
    { check: 'total-count-at-least', given: list(`[${fern}]`, listed({ pageSize: 1 }), '40', 'page'), want: [] },
  ],
  [
    'total-count-at-least: the only page is total-count-matches` to judge',
    { check: 'total-count-at-least', given: list(`[${fern}]`, listed(), '0'), want: [] },
  ],
  [
    'first-page-not-empty: an empty first page while a plant is live',
    {
      check: 'first-page-not-empty',
      given: list('[]', listed({ pageSize: 1 }), '0', 'page'),
      want: ['first-page-not-empty : no items | at least one plant on the first page'],
    },
  ],
  [
    'first-page-not-empty: empty, and nothing live',
    { check: 'first-page-not-empty', given: list('[]', listed({ pageSize: 1, live: [] }), '0', 'page'), want: [] },
  ],
  [
    'first-page-not-empty: a list step (not a page of one) is not its to judge',
    { check: 'first-page-not-empty', given: list('[]', listed(), '0'), want: [] },
  ],
];

describe('checks', () => {
  test.each(table)('%s', async (_name, { check, given, want }) => {
    expect(await findingsOf(check, given)).toEqual(want);
  });

  test('every registered check has a unique kebab-case id and a description', () => {
    const ids = CHECKS.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CHECKS) {
      expect(check.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(check.description.length).toBeGreaterThan(10);
    }
  });

  test('the table covers every registered check', () => {
    expect(new Set(table.map(([, row]) => row.check))).toEqual(new Set(CHECKS.map((check) => check.id)));
  });
});
