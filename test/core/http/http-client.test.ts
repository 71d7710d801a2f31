/**
 * The undici client on what it cannot judge (issue 23): a server that
 * switches protocols (101) and a request undici refuses to write are
 * reported as such, never as a transport failure of the server, against real
 * servers on 127.0.0.1:0.
 */
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpClient } from '../../../src/core/http/http-client.js';

/** Raw requests each server received, by server. */
const received = { upgrading: 0, bare101: 0 };

/**
 * A server that upgrades every request to an echo protocol: 101 with
 * `Upgrade: echo` (RFC 9110 section 7.8), then whatever the client sends comes back.
 */
const upgrading = createTcpServer((socket: Socket) => {
  socket.once('data', () => {
    received.upgrading += 1;
    socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
    socket.on('data', (chunk) => socket.write(chunk));
  });
  socket.on('error', () => {});
});

/** A Node server answering 101 with no Upgrade header (as a mock of a spec that documents only a 101 does), 200 on /plain. */
const bare101 = createHttpServer((request, response) => {
  received.bare101 += 1;
  if (request.url === '/plain') return void response.end('plain');
  response.writeHead(101);
  response.end();
});

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = createHttpClient({ timeoutMs: 5_000, maxBodyBytes: 1024 * 1024 });

beforeAll(async () => {
  for (const server of [upgrading, bare101])
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  await client.close();
  bare101.closeAllConnections();
  for (const server of [upgrading, bare101]) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('a 101 Switching Protocols answer is an upgrade the runner does not follow', () => {
  test.each([
    ['101 naming the protocol it switches to (undici: bad upgrade)', () => urlOf(upgrading), 'upgrading' as const],
    ['101 with no Upgrade header (undici: a failed assertion in its parser)', () => urlOf(bare101), 'bare101' as const],
  ])('%s', async (_name, url, server) => {
    const before = received[server];
    const result = await client.send({ method: 'GET', url: `${url()}/session`, headers: {} });
    expect(result.failure).toBeUndefined();
    expect(result.response).toBeUndefined();
    expect(result.unsupported).toEqual({
      kind: 'upgrade',
      message: expect.stringMatching(/^the server switched protocols \(101/),
    });
    // Sent once: an upgrade is not a stale kept-alive connection to retry.
    expect(received[server] - before).toBe(1);
  });

  test('the next request on the same client gets its answer', async () => {
    await client.send({ method: 'GET', url: `${urlOf(bare101)}/session`, headers: {} });
    const result = await client.send({ method: 'GET', url: `${urlOf(bare101)}/plain`, headers: {} });
    expect(result.response).toMatchObject({ status: 200, body: 'plain' });
  });

  test('a relayed request (the proxy) gets the same as a failed exchange it can answer its client with', async () => {
    const result = await client.relay({
      method: 'GET',
      origin: urlOf(upgrading),
      path: '/session',
      headers: {},
      body: undefined,
    });
    expect(result.unsupported).toBeUndefined();
    expect(result.failure).toEqual({ kind: 'connection', message: expect.stringMatching(/switched protocols/) });
  });
});

describe('a request undici would refuse is not sent, and said so', () => {
  test.each([
    ['a line break in a header value', '/plain', { 'x-note': 'a\nb' }, /^header x-note would carry U\+000A/],
    [
      'a character beyond Latin-1 in a header value',
      '/plain',
      { 'x-note': '虎' },
      /^header x-note would carry '虎' \(U\+864E\)/,
    ],
    ['a header name that is not a token', '/plain', { 'x note': 'a' }, /^header name 'x note' is not a token/],
  ])('%s', async (_name, path, headers, message) => {
    const before = received.bare101;
    const result = await client.send({ method: 'GET', url: `${urlOf(bare101)}${path}`, headers });
    expect(result.failure).toBeUndefined();
    expect(result.unsupported).toEqual({ kind: 'unsendable', message: expect.stringMatching(message) });
    expect(received.bare101).toBe(before);
  });

  test('obs-text (Latin-1) in a header value is sent, as undici allows it', async () => {
    const result = await client.send({ method: 'GET', url: `${urlOf(bare101)}/plain`, headers: { 'x-note': 'café' } });
    expect(result.response?.status).toBe(200);
  });
});
