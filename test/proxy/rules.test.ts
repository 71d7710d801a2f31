/**
 * The proxy's small rules, table-driven: what the checks expect of an
 * answer, which echo rules contracts/ gives live traffic, which headers are
 * per hop, what counts as a credential, and when a run fails.
 */
import { describe, expect, test } from 'vitest';
import type { Scenario } from '../../src/core/contracts/contracts-file.js';
import type { RequestViolation } from '../../src/core/request/types.js';
import type { Operation } from '../../src/core/spec/types.js';
import { echoRules } from '../../src/proxy/echo-rules.js';
import { createSecretMemory, exchangeSecrets } from '../../src/proxy/exchange-secrets.js';
import { expectationFor } from '../../src/proxy/expectation.js';
import { clientResponseHeaders, upstreamRequestHeaders } from '../../src/proxy/forward-headers.js';
import { createTally, type FailOn, failsOn } from '../../src/proxy/summary.js';
import type { ProxyExchange, ProxyViolation } from '../../src/proxy/types.js';
import { createProxyJsonReporter } from '../../src/report/proxy-json-reporter.js';
import { reportedExchange } from '../support/proxy.js';

const bearer = {
  name: 'bearerAuth',
  type: 'http',
  scheme: 'bearer',
  in: undefined,
  parameterName: undefined,
  scopes: [],
};
const operation = (security: Operation['security']): Operation => ({
  id: 'addPlant',
  method: 'POST',
  path: '/plants',
  pointer: '',
  summary: undefined,
  parameters: [],
  requestBody: undefined,
  responses: [],
  security,
  deprecated: false,
  tags: [],
});
const violation = (kind: RequestViolation['kind']): RequestViolation => ({ kind, pointer: '', message: kind });

describe("expectationFor: the request's validity decides what the answer must be", () => {
  const cases: Array<
    [string, { given: Parameters<typeof expectationFor>[0]; want: ReturnType<typeof expectationFor> }]
  > = [
    [
      'valid: success',
      {
        given: { operation: operation([[bearer]]), violations: [], status: 200, echo: undefined },
        want: { kind: 'positive', expect: { outcome: 'success' } },
      },
    ],
    [
      'invalid body: rejection',
      {
        given: { operation: operation([[bearer]]), violations: [violation('body')], status: 200, echo: undefined },
        want: { kind: 'negative', expect: { outcome: 'rejection' } },
      },
    ],
    [
      'no credentials: auth rejection, whatever else is wrong',
      {
        given: {
          operation: operation([[bearer]]),
          violations: [violation('security'), violation('body')],
          status: 400,
          echo: undefined,
        },
        want: { kind: 'auth', expect: { outcome: 'auth-rejection' } },
      },
    ],
    [
      'well-formed credentials refused with 401: maybe a wrong token, an auth case',
      {
        given: { operation: operation([[bearer]]), violations: [], status: 401, echo: undefined },
        want: { kind: 'auth', expect: { outcome: 'auth-rejection' } },
      },
    ],
    [
      '403 likewise',
      {
        given: { operation: operation([[bearer]]), violations: [], status: 403, echo: undefined },
        want: { kind: 'auth', expect: { outcome: 'auth-rejection' } },
      },
    ],
    [
      '401 where no credentials are needed: the valid request was refused',
      {
        given: { operation: operation([]), violations: [], status: 401, echo: undefined },
        want: { kind: 'positive', expect: { outcome: 'success' } },
      },
    ],
    [
      '401 where credentials are optional ({}): likewise',
      {
        given: { operation: operation([[bearer], []]), violations: [], status: 401, echo: undefined },
        want: { kind: 'positive', expect: { outcome: 'success' } },
      },
    ],
    [
      'an echo rule for the status: the exact status with the fields sent',
      {
        given: {
          operation: operation([[bearer]]),
          violations: [],
          status: 200,
          echo: { pointers: ['/name'], sent: { name: 'Fern' } },
        },
        want: {
          kind: 'positive',
          expect: { outcome: 'status', status: 200, echo: { pointers: ['/name'], sent: { name: 'Fern' } } },
        },
      },
    ],
    [
      'no answer: success is still what a valid request needed',
      {
        given: { operation: operation([[bearer]]), violations: [], status: undefined, echo: undefined },
        want: { kind: 'positive', expect: { outcome: 'success' } },
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => expect(expectationFor(given)).toEqual(want));
});

describe('echoRules: what every contracts/ scenario with the status agrees on', () => {
  const scenario = (status: number, echo: string[]): Scenario => ({
    name: 'n',
    slug: 'n',
    file: 'f',
    body: {},
    rawBody: undefined,
    contentType: undefined,
    auth: true,
    path: {},
    query: {},
    headers: {},
    status,
    echo,
  });
  const rules = echoRules(
    new Map([
      [
        'addPlant',
        [scenario(200, ['/name', '/tag']), scenario(200, ['/name']), scenario(200, []), scenario(400, ['/name'])],
      ],
      ['other', [scenario(201, ['/a']), scenario(201, ['/b'])]],
    ]),
  );
  test.each<[string, string, number, readonly string[] | undefined]>([
    ['the fields all 200 scenarios name', 'addPlant', 200, ['/name']],
    ['no rule for an error status', 'addPlant', 400, undefined],
    ['no rule where the scenarios share no field', 'other', 201, undefined],
    ['no rule for an operation without scenarios', 'none', 200, undefined],
  ])('%s', (_name, operationId, status, want) => expect(rules(operationId, status)).toEqual(want));
});

describe('forward headers: hop-by-hop ones stay behind (RFC 9110 section 7.6.1)', () => {
  test.each<[string, { given: string[]; want: string[] }]>([
    [
      "request: Host and Expect are the proxy's, Connection and what it names per hop; case and order kept",
      {
        given: [
          'Host',
          'proxy:4010',
          'Expect',
          '100-continue',
          'Connection',
          'keep-alive, X-Hop',
          'X-Hop',
          '1',
          'Keep-Alive',
          'timeout=5',
          'Authorization',
          'Bearer t',
          'X-Trace',
          'a',
          'x-trace',
          'b',
        ],
        want: ['Authorization', 'Bearer t', 'X-Trace', 'a', 'x-trace', 'b'],
      },
    ],
    [
      'request: Transfer-Encoding, TE, Upgrade and Proxy-Connection too',
      {
        given: [
          'Transfer-Encoding',
          'chunked',
          'TE',
          'trailers',
          'Upgrade',
          'h2c',
          'Proxy-Connection',
          'keep-alive',
          'Content-Type',
          'application/json',
        ],
        want: ['Content-Type', 'application/json'],
      },
    ],
  ])('%s', (_name, { given, want }) => expect(upstreamRequestHeaders(given)).toEqual(want));

  test("answer: Set-Cookie stays repeated, framing is the proxy's own", () => {
    expect(
      clientResponseHeaders({
        'set-cookie': ['a=1', 'b=2'],
        'transfer-encoding': 'chunked',
        connection: 'close',
        'content-length': '12',
        etag: '"x"',
      }),
    ).toEqual({ 'set-cookie': ['a=1', 'b=2'], 'content-length': '12', etag: '"x"' });
  });
});

describe('exchangeSecrets: what looks like a credential', () => {
  const names = { query: new Set(['api_key']), cookie: new Set(['SESSION']) };
  const none = { headers: {}, search: '', requestValue: undefined, setCookies: [], responseValue: undefined };
  const basic = Buffer.from('ada:pa55word').toString('base64');
  test.each<[string, Partial<Parameters<typeof exchangeSecrets>[0]>, string[]]>([
    ['a bearer token, not its scheme', { headers: { authorization: 'Bearer abc.def' } }, ['abc.def']],
    [
      'Basic: the encoded pair, the pair, the password',
      { headers: { authorization: `Basic ${basic}` } },
      [basic, 'ada:pa55word', 'pa55word'],
    ],
    ['an API key header', { headers: { 'x-api-key': 'k3y', accept: 'application/json' } }, ['k3y']],
    [
      'cookies: declared, named like one, or opaque; not a language',
      { headers: { cookie: 'SESSION=s1; lang=fr; sid=0123456789abcdef0123' } },
      ['s1', '0123456789abcdef0123'],
    ],
    [
      "query: the spec's apiKey parameter and names like a credential, not ids",
      { search: 'api_key=q1&token=q2&id=0123456789abcdef0123' },
      ['q1', 'q2'],
    ],
    ['Set-Cookie values of a session', { setCookies: ['session=abc123; HttpOnly', 'theme=dark'] }, ['abc123']],
    [
      'body fields named like credentials, at any depth',
      {
        requestValue: { username: 'ada', password: 'hunter2' },
        responseValue: { data: [{ access_token: 'jwt.x.y', name: 'Fern' }] },
      },
      ['hunter2', 'jwt.x.y'],
    ],
  ])('%s', (_name, parts, want) =>
    expect(exchangeSecrets({ ...none, ...parts }, names).map((secret) => secret.value)).toEqual(want),
  );
});

test('the secret memory keeps the most recent distinct secrets', () => {
  const memory = createSecretMemory(2);
  const values = (secrets: readonly { value: string }[]) => secrets.map((secret) => secret.value);
  expect(values(memory.remember([{ value: 'a' }]))).toEqual(['a']);
  expect(values(memory.remember([{ value: 'a' }, { value: 'b' }]))).toEqual(['a', 'b']);
  expect(values(memory.remember([]))).toEqual(['a', 'b']);
  expect(values(memory.remember([{ value: 'c' }]))).toEqual(['b', 'c']);
});

describe('the tally and --fail-on', () => {
  const exchange = (
    violations: Array<Pick<ProxyViolation, 'side' | 'severity'> & Partial<Pick<ProxyViolation, 'check' | 'class'>>>,
  ): ProxyExchange =>
    ({
      violations: violations.map((item) => ({
        check: 'c',
        operation: 'o',
        pointer: '',
        message: 'm',
        class: item.severity === 'error' ? 'failure' : 'warning',
        ...item,
      })),
    }) as ProxyExchange;

  test('counts exchanges by side and findings by class; warnings and spec gaps are not violations', () => {
    const tally = createTally(() => 0);
    tally.add(exchange([]));
    tally.add(
      exchange([
        { side: 'client', severity: 'error', check: 'request-body' },
        { side: 'server', severity: 'error', check: 'outcome' },
      ]),
    );
    tally.add(
      exchange([
        { side: 'client', severity: 'error', check: 'request-body' },
        { side: 'client', severity: 'error', check: 'request-body' },
      ]),
    );
    tally.add(exchange([{ side: 'server', severity: 'warning', check: 'response-schema' }]));
    tally.add(exchange([{ side: 'server', severity: 'warning', class: 'spec-gap', check: 'status-documented' }]));
    expect(tally.summary()).toEqual({
      exchanges: 5,
      clean: 3,
      withClientViolations: 2,
      withServerViolations: 1,
      byCheck: { client: { 'request-body': 3 }, server: { outcome: 1 } },
      withSpecGaps: 1,
      byClass: { failure: 4, specGap: 1, warning: 1 },
      durationMs: 0,
    });
  });

  const summary = (client: number, server: number) => ({
    exchanges: 5,
    clean: 0,
    withClientViolations: client,
    withServerViolations: server,
    byCheck: { client: {}, server: {} },
    withSpecGaps: 0,
    byClass: { failure: client + server, specGap: 0, warning: 0 },
    durationMs: 0,
  });
  test.each<[FailOn, number, number, boolean]>([
    ['any', 0, 0, false],
    ['any', 1, 0, true],
    ['any', 0, 1, true],
    ['server', 3, 0, false],
    ['server', 0, 1, true],
    ['client', 0, 3, false],
    ['client', 1, 0, true],
  ])('--fail-on %s with %i client and %i server: %s', (failOn, client, server, want) =>
    expect(failsOn(summary(client, server), failOn)).toBe(want),
  );
});

describe('the JSON report stays bounded on a long run', () => {
  const spec = {
    title: 'T',
    apiVersion: '1',
    openapi: '3.1.0',
    source: 's',
  } as unknown as import('../../src/core/spec/types.js').LoadedSpec;
  const exchange = reportedExchange;

  test('at most maxRecorded exchanges listed, the first maxDetailed violating ones with their request and answer', async () => {
    let text = '';
    const reporter = createProxyJsonReporter({
      target: { sink: { write: (chunk: string) => (text += chunk) } },
      failOn: 'any',
      maxRecorded: 4,
      maxDetailed: 1,
    });
    const tally = createTally(() => 0);
    reporter.onEvent({
      type: 'proxy-started',
      url: 'http://127.0.0.1:1',
      upstream: 'http://127.0.0.1:2',
      spec,
      startedAt: '2026-01-01T00:00:00.000Z',
    });
    for (const [seq, violating] of [
      [1, true],
      [2, false],
      [3, true],
      [4, true],
      [5, true],
    ] as const) {
      reporter.onEvent({ type: 'exchange', exchange: exchange(seq, violating) });
      tally.add(exchange(seq, violating));
    }
    reporter.onEvent({ type: 'proxy-stopped', summary: tally.summary() });
    await reporter.close();
    const report = JSON.parse(text) as { summary: Record<string, unknown>; exchanges: ProxyExchange[] };
    expect(report.summary).toMatchObject({ exchanges: 5, recorded: 4, omitted: 1, detailsOmitted: 2 });
    expect(report.exchanges.map((item) => [item.seq, item.request !== null, item.violations.length])).toEqual([
      [1, true, 1],
      [2, false, 0],
      [3, false, 1],
      [4, false, 1],
    ]);
  });
});
