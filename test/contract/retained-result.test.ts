/** What a run keeps of each result after reporting: bytes the text gives back, and passed bodies with `failures`. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/contract/events.js';
import { leanResponse, retainedResult } from '../../src/contract/retained-result.js';
import { runContract } from '../../src/contract/run-contract.js';
import type { CaseResult, ReceivedResponse } from '../../src/core/exchange/types.js';

const response = (body: string, bytes: Buffer | undefined, invalidUtf8 = false): ReceivedResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body,
  truncated: false,
  invalidUtf8,
  ...(bytes ? { bytes } : {}),
});

describe('leanResponse', () => {
  test.each([
    ['ASCII text: bytes dropped', { given: response('{"a":1}', Buffer.from('{"a":1}')), keepsBytes: false }],
    [
      'non-ASCII text: bytes dropped',
      { given: response('"Farn ü 🌿"', Buffer.from('"Farn ü 🌿"')), keepsBytes: false },
    ],
    [
      'a byte order mark the decoder removed: bytes kept',
      { given: response('{}', Buffer.from('\ufeff{}')), keepsBytes: true },
    ],
    ['invalid UTF-8: bytes kept', { given: response('\ufffd', Buffer.from([0xff]), true), keepsBytes: true }],
    ['no bytes: unchanged', { given: response('{}', undefined), keepsBytes: false }],
  ])('%s', (_name, { given, keepsBytes }) => {
    const lean = leanResponse(given);
    expect(lean.bytes !== undefined).toBe(keepsBytes);
    expect({ ...lean, bytes: undefined }).toEqual({ ...given, bytes: undefined });
    // What the readers fall back to is what was received.
    if (given.bytes) expect(lean.bytes ?? Buffer.from(lean.body)).toEqual(given.bytes);
  });
});

const result = (
  verdict: CaseResult['verdict'],
  body: string,
  { status = 200, kind = 'positive' }: { status?: number; kind?: CaseResult['case']['kind'] } = {},
): CaseResult => {
  const contractCase = {
    id: 'addPlant/positive/minimal',
    kind,
    operation: { id: 'addPlant' } as CaseResult['case']['operation'],
    title: 'minimal body',
    request: { method: 'POST', path: '/plants', headers: {}, body: '{"name":"Fern"}' },
    expect: { outcome: 'success' as const },
  };
  return {
    case: contractCase,
    exchange: {
      case: contractCase,
      url: 'http://127.0.0.1/plants',
      durationMs: 1,
      response: {
        ...response(body, undefined),
        status,
        headers: { 'content-type': 'application/json', 'x-plantkit-mock': 'credentials=any; stateful=false' },
      },
    },
    findings: [],
    verdict,
  };
};

describe('retainedResult', () => {
  test.each([
    ['all keeps a passed body', { verdict: 'passed', detail: 'all', body: '{"id":1}', dropped: false }],
    ['failures drops a passed body', { verdict: 'passed', detail: 'failures', body: '', dropped: true }],
    ['failures keeps a failed body', { verdict: 'failed', detail: 'failures', body: '{"id":1}', dropped: false }],
  ] as const)('%s', (_name, { verdict, detail, body, dropped }) => {
    const given = result(verdict, '{"id":1}');
    const kept = retainedResult(given, detail);
    expect(kept.exchange.response?.body).toBe(body);
    expect(kept.exchange.response?.bodyDropped === true).toBe(dropped);
    expect(kept.exchange.response?.status).toBe(200);
    expect(kept.case.request).toEqual(given.case.request);
    // The reporters' copy is never changed.
    expect(given.exchange.response?.body).toBe('{"id":1}');
  });
});

describe('retainedResult with verdicts', () => {
  test.each([
    [
      'a passed static 2xx keeps its request body',
      { verdict: 'passed', status: 201, kind: 'positive', requestBody: '{"name":"Fern"}', lean: true },
    ],
    [
      'a passed static 4xx drops its request body',
      { verdict: 'passed', status: 400, kind: 'negative', requestBody: undefined, lean: true },
    ],
    [
      'a passed generated 2xx drops its request body',
      { verdict: 'passed', status: 201, kind: 'generated', requestBody: undefined, lean: true },
    ],
    [
      'a failed result is kept whole',
      { verdict: 'failed', status: 201, kind: 'positive', requestBody: '{"name":"Fern"}', lean: false },
    ],
    [
      'a skipped result is kept whole',
      { verdict: 'skipped', status: 201, kind: 'positive', requestBody: '{"name":"Fern"}', lean: false },
    ],
  ] as const)('%s', (_name, { verdict, status, kind, requestBody, lean }) => {
    const given = result(verdict, '{"id":1}', { status, kind });
    const kept = retainedResult(given, 'verdicts');
    // What the run reads after reporting: id, verdict, status, the mock's identity, accepted static bodies.
    expect(kept.case.id).toBe(given.case.id);
    expect(kept.verdict).toBe(verdict);
    expect(kept.exchange.response?.status).toBe(status);
    expect(kept.exchange.response?.headers['x-plantkit-mock']).toBe('credentials=any; stateful=false');
    expect(kept.case.request.body).toBe(requestBody);
    expect(kept.exchange.case).toBe(kept.case);
    if (lean) {
      expect(kept.exchange.response).toMatchObject({
        body: '',
        bodyDropped: true,
        headers: { 'x-plantkit-mock': 'credentials=any; stateful=false' },
      });
      expect(Object.keys(kept.exchange.response!.headers)).toEqual(['x-plantkit-mock']);
      expect(kept.case.request).toMatchObject({ method: 'POST', path: '', headers: {} });
      expect(kept.exchange.url).toBe('');
    } else expect(kept).toBe(given);
    // The reporters' copy is never changed.
    expect(given.exchange.response?.body).toBe('{"id":1}');
    expect(given.case.request.path).toBe('/plants');
  });
});

describe('a run with retainDetail: failures', () => {
  test('reporters see every body; the result keeps failed bodies only', async () => {
    // 200 with a valid plant for every request: the positive cases pass, the negative ones (which must be refused) fail.
    const server = createServer((request, answer) => {
      request.resume();
      request.on('end', () => {
        answer.writeHead(200, { 'content-type': 'application/json' });
        answer.end('{"name":"Fern"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const seen: CaseResult[] = [];
    try {
      const run = await runContract({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        spec: 'openapi.yaml',
        token: 't',
        generated: false,
        only: ['addPlant/positive', 'addPlant/negative'],
        retainDetail: 'failures',
        onEvent: (event: RunEvent) => {
          if (event.type === 'case-finished') seen.push(event.result);
        },
      });
      expect(seen.every((item) => item.exchange.response?.body !== '')).toBe(true);
      const passed = run.results.filter((item) => item.verdict === 'passed');
      const failed = run.results.filter((item) => item.verdict === 'failed');
      expect(passed.length).toBeGreaterThan(0);
      expect(failed.length).toBeGreaterThan(0);
      expect(
        passed.every((item) => item.exchange.response?.bodyDropped === true && item.exchange.response.body === ''),
      ).toBe(true);
      expect(failed.every((item) => item.exchange.response?.body === '{"name":"Fern"}')).toBe(true);
      expect(run.results.map((item) => item.case.id)).toEqual(seen.map((item) => item.case.id));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a run with retainDetail: verdicts', () => {
  test('sends the same requests and reaches the same verdicts as a run that keeps everything', async () => {
    // addPlant done right: 200 with the plant for a valid body, 400 for any other; every request is recorded.
    const received: string[] = [];
    const server = createServer((request, answer) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push(`${request.method} ${request.url} ${body}`);
        const plant = validPlant(body, request.headers['content-type']);
        answer.writeHead(plant ? 200 : 400, { 'content-type': 'application/json' });
        answer.end(JSON.stringify(plant ? { name: plant.name } : { code: 400, message: 'invalid plant' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const run = async (retainDetail: 'all' | 'verdicts') => {
      received.length = 0;
      const result = await runContract({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        spec: 'openapi.yaml',
        token: 't',
        seed: 7,
        maxCases: 3,
        only: ['addPlant'],
        retainDetail,
      });
      return { result, requests: [...received] };
    };
    try {
      const all = await run('all');
      const verdicts = await run('verdicts');
      expect(verdicts.requests).toEqual(all.requests);
      const summary = ({ result }: Awaited<ReturnType<typeof run>>) => ({
        verdicts: result.results.map((item) => [item.case.id, item.verdict, item.exchange.response?.status]),
        counts: [result.passed, result.failed, result.skipped],
        hints: result.hints,
        distinct: result.distinctFailures,
      });
      expect(summary(verdicts)).toEqual(summary(all));
      // Static and generated cases both ran, and some passed (those are the ones kept lean).
      expect(new Set(verdicts.result.results.map((item) => item.case.kind))).toContain('generated');
      expect(verdicts.result.passed).toBeGreaterThan(0);
      expect(
        verdicts.result.results
          .filter((item) => item.verdict === 'passed')
          .every((item) => item.exchange.url === '' && item.exchange.response?.bodyDropped === true),
      ).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/** The body as NewPlant when it is one (an object with a string name, an integer id and a string tag if any). */
function validPlant(body: string, contentType: string | undefined): { name: string } | undefined {
  if (!contentType?.startsWith('application/json')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { name, id, tag } = value as Record<string, unknown>;
  const ok = typeof name === 'string' && Number.isInteger(id) && (tag === undefined || typeof tag === 'string');
  return ok ? { name: name as string } : undefined;
}
