/**
 * OpenAPI callbacks are documented, never fired: Prism's mocker would POST
 * to the URL the request body names once it has answered, and a mock must
 * not send requests to addresses its clients choose (README, "plantkit mock
 * and Prism"). The hook is a loopback server on port 0 that counts what
 * reaches it.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixturePath, withMock } from '../support/mock.js';

let hook: Server;
let hits: string[];

beforeAll(async () => {
  hits = [];
  hook = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.end();
  });
  hook.listen(0, '127.0.0.1');
  await once(hook, 'listening');
});

afterAll(async () => {
  hook.close();
  await once(hook, 'close');
});

test('a request whose body names a callback URL gets its answer, and nothing is sent to that URL', async () => {
  const callbackUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  await withMock({ spec: fixturePath('mock/callbacks.yaml') }, async (mock) => {
    for (const dynamic of [false, true]) {
      const response = await fetch(`${mock.url}/subscriptions${dynamic ? '?__dynamic=true' : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ callbackUrl }),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ id: expect.any(String) });
    }
    // Prism starts a callback's request before its answer is returned: on loopback it lands well within this.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  expect(hits).toEqual([]);
});
