/**
 * Malformed requests: each gets a 4xx in the spec's Error shape, the mock
 * keeps serving after every one, and its memory stays flat over many rounds.
 */

import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../../src/mock/start-mock.js';
import { MALFORMED, post } from '../support/bad-input-battery.js';
import { rawRequest } from '../support/raw-http.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});

test(`there are at least 30 malformed requests (${MALFORMED.length})`, () => {
  expect(MALFORMED.length).toBeGreaterThanOrEqual(30);
});

test.each(MALFORMED)('%s -> %i in the Error shape; the mock keeps serving', async (_name, bytes, status) => {
  const answer = await rawRequest(mock.port, bytes);
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toBe(status);
  expect(typeof body.message).toBe('string');
  const next = await rawRequest(mock.port, post('{"id":1,"name":"still here"}'));
  expect(next.status).toBe(200);
  expect(({} as Record<string, unknown>).id).toBeUndefined(); // no prototype pollution
});

test('memory stays flat over 10 rounds of every malformed request', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const round = async () => {
    for (const [, bytes] of MALFORMED) await rawRequest(mock.port, bytes);
  };
  await round();
  await round();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < 10; index += 1) await round();
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  expect(grown).toBeLessThan(8 * 1024 * 1024);
}, 120_000);
