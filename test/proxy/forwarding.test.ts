/**
 * The proxy passes both ways unchanged: the request's method, target,
 * headers (Authorization included) and body bytes reach the upstream as
 * the client sent them, streamed; the answer's status, headers (repeated
 * Set-Cookie kept apart) and body bytes (still content-coded) reach the
 * client as the upstream sent them. The only additions: the violation
 * count header (opt-out), and in `errors` mode a 502 for a violating answer.
 */
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { fixturePath } from '../support/mock.js';
import { withProxy } from '../support/proxy.js';
import { httpRequest as rawHttp, rawRequest } from '../support/raw-http.js';
import { plantAnswer, startUpstream, type Upstream } from '../support/upstream.js';

async function withUpstream<T>(upstream: Upstream, body: (upstream: Upstream) => Promise<T>): Promise<T> {
  try {
    return await body(upstream);
  } finally {
    await upstream.close();
  }
}

describe('the request reaches the upstream unchanged', () => {
  test('method, target, headers and body bytes', async () => {
    const body = Buffer.from('{"id":1,"name":"F\u00e9rn","tag":"x"}');
    await withUpstream(await startUpstream((_request, response) => plantAnswer(response)), async (upstream) => {
      await withProxy({ upstream: upstream.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
        const answer = await rawRequest(
          proxy.port,
          rawHttp(
            'POST',
            '/plants?dry=1&a+b=%2F%7E',
            [
              ['Authorization', 'Bearer s3cr3t'],
              ['Content-Type', 'application/json'],
              ['X-Request-Id', 'abc'],
              ['X-Trace', 'one'],
              ['X-Trace', 'two'],
            ],
            body,
          ),
        );
        expect(answer.status).toBe(200);
      });
      const [received] = upstream.requests;
      expect(received?.method).toBe('POST');
      expect(received?.target).toBe('/plants?dry=1&a+b=%2F%7E');
      expect(received?.body.equals(body)).toBe(true);
      const headers = received!.rawHeaders.map(([name, value]) => [name.toLowerCase(), value]);
      expect(headers).toEqual(
        expect.arrayContaining([
          ['authorization', 'Bearer s3cr3t'],
          ['content-type', 'application/json'],
          ['x-request-id', 'abc'],
          ['x-trace', 'one'],
          ['x-trace', 'two'],
          ['content-length', String(body.length)],
        ]),
      );
      // Host names the upstream (RFC 9110 section 7.2); Connection is per hop.
      expect(received?.headers.host).toBe(new URL(upstream.url).host);
    });
  });

  test('a large body (over the 64 KiB sent whole) streams with its Content-Length and arrives byte for byte', async () => {
    const body = Buffer.from(JSON.stringify({ id: 1, name: 'Fern', tag: 'x'.repeat(300 * 1024) }));
    await withUpstream(await startUpstream((_request, response) => plantAnswer(response)), async (upstream) => {
      const { exchanges } = await withProxy({ upstream: upstream.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
        const response = await fetch(`${proxy.url}/plants`, {
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBe(200);
        await response.text();
      });
      expect(upstream.requests[0]?.body.equals(body)).toBe(true);
      expect(upstream.requests[0]?.headers['content-length']).toBe(String(body.length));
      // Checked like any other: a valid Plant request.
      expect(exchanges[0]?.violations).toEqual([]);
    });
  });

  test('a path in --upstream goes before the request path', async () => {
    await withUpstream(await startUpstream((_request, response) => plantAnswer(response)), async (upstream) => {
      await withProxy({ upstream: `${upstream.url}/api/`, spec: 'openapi.yaml' }, async ({ proxy }) => {
        await (
          await fetch(`${proxy.url}/plants?x=1`, {
            method: 'POST',
            headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
            body: '{"id":1,"name":"Fern"}',
          })
        ).text();
      });
      expect(upstream.requests.map((request) => request.target)).toEqual(['/api/plants?x=1']);
    });
  });

  test('HEAD is judged as the GET the spec documents there (RFC 9110 section 9.3.2)', async () => {
    const latest = (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"latest":true}');
    };
    await withUpstream(await startUpstream((_request, response) => latest(response)), async (upstream) => {
      const { exchanges } = await withProxy(
        { upstream: upstream.url, spec: fixturePath('mock/routing.yaml') },
        async ({ proxy }) => {
          const response = await fetch(`${proxy.url}/v13/deployments/latest`, { method: 'HEAD' });
          expect(response.status).toBe(200);
        },
      );
      expect(upstream.requests.map((request) => request.method)).toEqual(['HEAD']);
      expect(exchanges.map((exchange) => [exchange.method, exchange.operation, exchange.violations])).toEqual([
        ['HEAD', 'latestDeployment', []],
      ]);
    });
  });

  test('the body streams: the upstream reads its first part before the client sent the rest', async () => {
    let firstPart!: () => void;
    const arrived = new Promise<void>((resolve) => (firstPart = resolve));
    const streaming = createServer((incoming, response) => {
      incoming.once('data', () => firstPart());
      incoming.on('end', () => plantAnswer(response));
      incoming.resume();
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    try {
      await withProxy(
        { upstream: `http://127.0.0.1:${(streaming.address() as AddressInfo).port}`, spec: 'openapi.yaml' },
        async ({ proxy }) => {
          const status = await new Promise<number>((resolve, reject) => {
            const outgoing = httpRequest(
              `${proxy.url}/plants`,
              {
                method: 'POST',
                headers: {
                  authorization: 'Bearer t',
                  'content-type': 'application/json',
                  'transfer-encoding': 'chunked',
                },
              },
              (response) => {
                response.resume();
                resolve(response.statusCode ?? 0);
              },
            );
            outgoing.on('error', reject);
            outgoing.write('{"id":1,');
            // The rest is sent only once the upstream has the first part: a buffering proxy would wait forever here.
            void arrived.then(() => outgoing.end('"name":"Fern"}'));
          });
          expect(status).toBe(200);
        },
      );
    } finally {
      streaming.closeAllConnections();
      streaming.close();
    }
  });
});

describe('the answer reaches the client unchanged', () => {
  test('status, repeated Set-Cookie, other headers and content-coded body bytes', async () => {
    const coded = gzipSync(JSON.stringify({ name: 'Fern', tag: 'indoor' }));
    const handler = (_request: unknown, response: import('node:http').ServerResponse) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
        'x-upstream': 'yes',
        'cache-control': 'no-store',
      });
      response.end(coded);
    };
    await withUpstream(await startUpstream(handler), async (upstream) => {
      const { exchanges } = await withProxy({ upstream: upstream.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
        const received = await new Promise<{
          status: number;
          headers: import('node:http').IncomingHttpHeaders;
          body: Buffer;
        }>((resolve, reject) => {
          const outgoing = httpRequest(
            `${proxy.url}/plants`,
            { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
              );
            },
          );
          outgoing.on('error', reject);
          outgoing.end('{"id":1,"name":"Fern"}');
        });
        expect(received.status).toBe(200);
        expect(received.body.equals(coded)).toBe(true);
        expect(received.headers['content-encoding']).toBe('gzip');
        expect(received.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
        expect(received.headers['x-upstream']).toBe('yes');
        expect(received.headers['cache-control']).toBe('no-store');
        expect(received.headers['x-plantkit-violations']).toBe('0');
      });
      // The checks read the decoded body: a valid Plant.
      expect(exchanges[0]?.violations).toEqual([]);
    });
  });

  test('a 307 is passed on, not followed', async () => {
    await withUpstream(
      await startUpstream((_request, response) => {
        response.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' });
        response.end();
      }),
      async (upstream) => {
        await withProxy({ upstream: upstream.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
          const response = await fetch(`${proxy.url}/plants`, {
            method: 'POST',
            redirect: 'manual',
            headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
            body: '{"id":1,"name":"Fern"}',
          });
          expect(response.status).toBe(307);
          expect(response.headers.get('location')).toBe('http://127.0.0.1:9/elsewhere');
        });
        expect(upstream.requests).toHaveLength(1);
      },
    );
  });
});

describe('what the proxy adds', () => {
  const wrongShape = (_request: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"title":"Fern"}');
  };

  test.each([
    ['the count header by default', {}, '1'],
    ['no header when turned off', { violationsHeader: false }, null],
  ])('%s', async (_name, options, want) => {
    await withUpstream(await startUpstream(wrongShape), async (upstream) => {
      await withProxy({ upstream: upstream.url, spec: 'openapi.yaml', ...options }, async ({ proxy }) => {
        const response = await fetch(`${proxy.url}/plants`, {
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: '{"id":1,"name":"Fern"}',
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe('{"title":"Fern"}');
        expect(response.headers.get('x-plantkit-violations')).toBe(want);
      });
    });
  });

  test("errors mode: a violating answer becomes a 502 in the spec's Error shape naming the violation", async () => {
    await withUpstream(await startUpstream(wrongShape), async (upstream) => {
      const { exchanges } = await withProxy(
        { upstream: upstream.url, spec: 'openapi.yaml', errors: true },
        async ({ proxy }) => {
          const response = await fetch(`${proxy.url}/plants`, {
            method: 'POST',
            headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
            body: '{"id":1,"name":"Fern"}',
          });
          expect(response.status).toBe(502);
          expect(response.headers.get('x-plantkit-violations')).toBe('1');
          expect(await response.json()).toEqual({
            error: 502,
            message:
              "plantkit proxy: the upstream's answer breaks the contract: response-schema /name: body must have required property 'name' (status 200)",
          });
        },
      );
      expect(exchanges[0]).toMatchObject({ upstreamStatus: 200, status: 502, replaced: true });
    });
  });

  test('errors mode leaves a correct refusal of an invalid request alone', async () => {
    await withUpstream(
      await startUpstream((_request, response) => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end('{"error":400,"message":"name is required"}');
      }),
      async (upstream) => {
        await withProxy({ upstream: upstream.url, spec: 'openapi.yaml', errors: true }, async ({ proxy }) => {
          const response = await fetch(`${proxy.url}/plants`, {
            method: 'POST',
            headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
            body: '{"id":1}',
          });
          expect(response.status).toBe(400);
          expect(response.headers.get('x-plantkit-violations')).toBe('1');
          expect(await response.text()).toBe('{"error":400,"message":"name is required"}');
        });
      },
    );
  });
});
