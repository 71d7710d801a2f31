/**
 * An upstream that is unreachable, hangs, resets the connection, or sends
 * an oversized or undecodable body: the client gets a 502 (504 for the
 * deadline) in the spec's Error shape, the exchange is a server-side
 * `transport` violation, and the proxy keeps serving.
 */
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import type { ProxyExchange } from '../../src/proxy/types.js';
import { startDeadTarget } from '../support/fronts.js';
import { withProxy } from '../support/proxy.js';
import { plantAnswer, startUpstream } from '../support/upstream.js';

const POST = {
  method: 'POST',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
  body: '{"id":1,"name":"Fern"}',
};

/** An upstream that misbehaves as `?mode=` says, and answers a valid Plant otherwise. */
function misbehaving() {
  return startUpstream((request, response) => {
    const mode = new URLSearchParams(request.target.split('?')[1] ?? '').get('mode');
    if (mode === 'hang') return;
    if (mode === 'reset') return void response.socket?.destroy();
    if (mode === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ name: 'x'.repeat(4096) }));
    }
    if (mode === 'bad-gzip') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return void response.end('this is not gzip');
    }
    if (mode === 'trickle') {
      // A byte every 50 ms: never idle long enough for a per-read timeout, never done within the deadline.
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 50);
      return void response.on('close', () => clearInterval(timer));
    }
    if (mode === 'half') {
      // Promises 100 bytes, sends 10, closes: the answer never completes.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"name":"F');
      return void setTimeout(() => response.socket?.destroy(), 20);
    }
    plantAnswer(response);
  });
}

describe('a misbehaving upstream: 502/504 in the Error shape, a transport violation, the proxy keeps serving', () => {
  test.each([
    [
      'hang',
      504,
      'timeout',
      /^plantkit proxy: upstream http:\/\/127\.0\.0\.1:\d+: no complete response within 300 ms$/,
    ],
    [
      'trickle',
      504,
      'timeout',
      /^plantkit proxy: upstream http:\/\/127\.0\.0\.1:\d+: no complete response within 300 ms$/,
    ],
    [
      'reset',
      502,
      'connection',
      /^plantkit proxy: upstream http:\/\/127\.0\.0\.1:\d+: connection failed before a complete response: /,
    ],
    ['half', 502, 'connection', /^plantkit proxy: upstream .*: connection failed before a complete response/],
    ['huge', 502, 'too-large', /response body is larger than 1 KiB; plantkit stopped reading it$/],
    ['bad-gzip', 502, 'encoding', /response body labelled Content-Encoding 'gzip' does not decode/],
  ])('%s -> %i', async (mode, status, kind, message) => {
    const upstream = await misbehaving();
    try {
      const { exchanges } = await withProxy(
        { upstream: upstream.url, spec: 'openapi.yaml', timeoutMs: 300, maxBodyBytes: 1024 },
        async ({ proxy }) => {
          const failed = await fetch(`${proxy.url}/plants?mode=${mode}`, POST);
          expect(failed.status).toBe(status);
          expect(failed.headers.get('content-type')).toBe('application/json');
          expect(failed.headers.get('x-plantkit-violations')).toBe('1');
          const body = (await failed.json()) as { error: number; message: string };
          expect(body.error).toBe(status);
          expect(body.message).toMatch(message);
          const next = await fetch(`${proxy.url}/plants`, POST);
          expect(next.status).toBe(200);
          expect(await next.json()).toEqual({ name: 'Fern' });
        },
      );
      const [first, second] = exchanges.sort((a, b) => a.seq - b.seq) as [ProxyExchange, ProxyExchange];
      expect(first).toMatchObject({ status, upstreamStatus: null, transportFailure: { kind } });
      expect(first.violations).toEqual([
        expect.objectContaining({ side: 'server', check: 'transport', severity: 'error', received: kind }),
      ]);
      expect(second.violations).toEqual([]);
    } finally {
      await upstream.close();
    }
  });

  test("a client that gives up on a hanging upstream before the deadline: the hang is still the server's violation", async () => {
    const upstream = await misbehaving();
    try {
      const { exchanges, summary } = await withProxy(
        { upstream: upstream.url, spec: 'openapi.yaml', timeoutMs: 400 },
        async ({ proxy }) => {
          await expect(
            fetch(`${proxy.url}/plants?mode=hang`, { ...POST, signal: AbortSignal.timeout(100) }),
          ).rejects.toThrow();
          // The proxy still waits for the upstream until its own deadline, then judges.
          const deadline = Date.now() + 5000;
          while (proxy.summary().exchanges === 0 && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 20));
        },
      );
      expect(summary).toMatchObject({ exchanges: 1, withServerViolations: 1, withClientViolations: 0 });
      expect(exchanges[0]).toMatchObject({ clientLeft: true, status: 504, transportFailure: { kind: 'timeout' } });
    } finally {
      await upstream.close();
    }
  });

  test('a client that leaves before its body is sent: no verdict on either side, and the proxy keeps serving', async () => {
    const upstream = await misbehaving();
    try {
      const { summary } = await withProxy({ upstream: upstream.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
        const socket = connect({ host: '127.0.0.1', port: proxy.port });
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write(
          'POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"id":1,',
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.destroy();
        await new Promise((resolve) => setTimeout(resolve, 100));
        const next = await fetch(`${proxy.url}/plants`, POST);
        expect(next.status).toBe(200);
      });
      expect(summary).toMatchObject({ exchanges: 1, clean: 1 });
    } finally {
      await upstream.close();
    }
  });

  test('an unreachable upstream: 502 at once, said at start-up, and the proxy keeps serving', async () => {
    const gone = await startUpstream(() => {});
    await gone.close();
    const { exchanges, summary } = await withProxy({ upstream: gone.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
      expect(await proxy.upstreamProblem()).toBe(`cannot reach ${gone.url} (ECONNREFUSED)`);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await fetch(`${proxy.url}/plants`, POST);
        expect(response.status).toBe(502);
        expect(((await response.json()) as { message: string }).message).toBe(
          `plantkit proxy: upstream ${gone.url}: the server stopped accepting connections (ECONNREFUSED)`,
        );
      }
    });
    expect(
      exchanges.map((exchange) => exchange.violations.map((violation) => `${violation.side} ${violation.check}`)),
    ).toEqual([['server transport'], ['server transport']]);
    expect(summary).toMatchObject({ exchanges: 2, withServerViolations: 2, withClientViolations: 0 });
  });

  test("an upstream that accepts connections and never answers: 504, and the undocumented route is still the client's", async () => {
    const dead = await startDeadTarget();
    try {
      const { exchanges } = await withProxy(
        { upstream: dead.url, spec: 'openapi.yaml', timeoutMs: 200 },
        async ({ proxy }) => {
          const response = await fetch(`${proxy.url}/unknown`);
          expect(response.status).toBe(504);
        },
      );
      expect(exchanges[0]?.violations.map((violation) => `${violation.side} ${violation.check}`)).toEqual([
        'client undocumented-route',
        'server transport',
      ]);
    } finally {
      await dead.close();
    }
  });
});
