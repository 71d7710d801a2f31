/** Content-Encoding on the wire: a compressed body passes as a browser would read it; one no client can decode fails. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';

/** A server answering every request 200 with a valid Plant, encoded as `encode` says. */
async function plantServer(encoding: string, encode: (body: Buffer) => Buffer) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
      response.end(encode(Buffer.from('{"name":"Fern"}')));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function minimalCase(encoding: string, encode: (body: Buffer) => Buffer) {
  const server = await plantServer(encoding, encode);
  try {
    const result = await runContract({
      baseUrl: server.url,
      spec: 'openapi.yaml',
      token: 't',
      generated: false,
      only: ['positive/minimal'],
    });
    return result.results[0]!;
  } finally {
    await server.close();
  }
}

describe('Content-Encoding', () => {
  test.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ] as const)('a %s body is decoded and checked', async (encoding, encode) => {
    const result = await minimalCase(encoding, encode);
    expect(result.findings).toEqual([]);
    expect(result.exchange.response?.body).toBe('{"name":"Fern"}');
  });

  test('a plain body labelled gzip is a transport finding', async () => {
    const result = await minimalCase('gzip', (body) => body);
    expect(result.verdict).toBe('failed');
    expect(result.exchange.failure?.kind).toBe('encoding');
    expect(result.findings).toMatchObject([
      {
        check: 'transport',
        received: 'encoding',
        documented: 'a body in a Content-Encoding clients decode (gzip, deflate, br)',
      },
    ]);
  });
});
