/**
 * An operation documenting 101 Switching Protocols (issue 23): against a
 * server on 127.0.0.1:0 that really upgrades, every case that got the 101 is
 * skipped as not supported by the runner, never a transport failure, and the
 * spec's other operations are judged as usual.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { loadSpec } from '../../src/core/spec/load-spec.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'sessions', version: '1' },
  paths: {
    '/session': {
      get: {
        operationId: 'openSession',
        parameters: [{ name: 'room', in: 'query', schema: { type: 'string', maxLength: 8 } }],
        responses: { '101': { description: 'Switching to the session protocol' } },
      },
    },
    '/rooms': {
      get: {
        operationId: 'listRooms',
        responses: {
          '200': {
            description: 'rooms',
            content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
          },
        },
      },
    },
  },
};

/** GET /session upgrades to an echo protocol; anything else gets a JSON list (a real HTTP/1.1 server, by hand). */
const server = createServer((socket: Socket) => {
  socket.on('error', () => {});
  let head = '';
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    if (!head.includes('\r\n\r\n')) return;
    const request = head.slice(0, head.indexOf('\r\n\r\n') + 4);
    head = head.slice(request.length);
    if (request.startsWith('GET /session')) {
      socket.off('data', onData);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
      socket.on('data', (bytes) => socket.write(bytes));
      return;
    }
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n["main"]');
  };
  socket.on('data', onData);
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('101 Switching Protocols', () => {
  test.each([
    ['static cases', false],
    ['static and generated cases', true],
  ])('%s: the upgrade is skipped as not supported, the rest is judged', async (_name, generated) => {
    const result = await runContract({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      spec: await loadSpec({ document }),
      generated,
      maxCases: 5,
      seed: 1,
      contracts: false,
    });
    expect(result.results.filter((item) => item.verdict === 'failed').map((item) => item.case.id)).toEqual([]);
    const sessions = result.results.filter((item) => item.case.operation.id === 'openSession');
    const sent = sessions.filter((item) => !/^cannot generate/.test(item.case.skip ?? ''));
    expect(sent.length).toBeGreaterThan(0);
    for (const item of sent) {
      expect(item.verdict, item.case.id).toBe('skipped');
      expect(item.case.skip, item.case.id).toMatch(/^not supported by the runner: the server switched protocols \(101/);
      expect(item.exchange.failure, item.case.id).toBeUndefined();
    }
    const rooms = result.results.filter((item) => item.case.operation.id === 'listRooms');
    expect(rooms.some((item) => item.verdict === 'passed')).toBe(true);
  });
});
