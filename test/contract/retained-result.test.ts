/** What a run keeps of each result after reporting: bytes the text gives back, and passed bodies with `failures`. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/contract/events.js';
import { leanResponse, retainedResult } from '../../src/contract/retained-result.js';
import { runContract } from '../../src/contract/run-contract.js';
import type { CaseResult, ReceivedResponse } from '../../src/contract/types.js';

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

const result = (verdict: CaseResult['verdict'], body: string): CaseResult => {
  const contractCase = {
    id: 'addPlant/positive/minimal',
    kind: 'positive' as const,
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
      response: response(body, undefined),
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
