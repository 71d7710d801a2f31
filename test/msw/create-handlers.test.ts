/**
 * Issue 21 section 1: `createHandlers` answers inside MSW (msw/node) exactly
 * as `plantkit mock` answers over HTTP. Every request of the table goes to a
 * real mock on 127.0.0.1:0 and through MSW's interceptor, and the two
 * answers must agree on status, media type, body and the headers that carry
 * meaning (Allow, WWW-Authenticate, the mock's identity and reason).
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../../src/mock/start-mock.js';
import { createHandlers, type SpecHandlers } from '../../src/msw/index.js';

/** Where the Plant Store lives for MSW: loopback, and nothing listens on port 1 should a request escape. */
const API = 'http://127.0.0.1:1/api';
const AUTH = { authorization: 'Bearer any-token' };
const JSON_TYPE = { 'content-type': 'application/json' };

/** [name, { path, init }]: requests whose answers must be the same from the mock server and from MSW. */
const SAME_ANSWERS: Array<[string, { path: string; init: RequestInit }]> = [
  [
    'a valid create is echoed',
    { path: '/plants', init: { method: 'POST', headers: { ...AUTH, ...JSON_TYPE }, body: '{"id":7,"name":"Fern"}' } },
  ],
  [
    'no credentials: 401 with the challenge',
    { path: '/plants', init: { method: 'POST', headers: JSON_TYPE, body: '{"id":7,"name":"Fern"}' } },
  ],
  [
    'a body without the required name: the documented 400',
    { path: '/plants', init: { method: 'POST', headers: { ...AUTH, ...JSON_TYPE }, body: '{"id":7}' } },
  ],
  [
    'a body that is not JSON: 400',
    { path: '/plants', init: { method: 'POST', headers: { ...AUTH, ...JSON_TYPE }, body: '{"id":' } },
  ],
  [
    'an undocumented media type: 415',
    { path: '/plants', init: { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: 'fern' } },
  ],
  ['an undocumented method: 405 with Allow', { path: '/plants', init: { method: 'GET', headers: AUTH } }],
  ['no operation at the path: 404', { path: '/nowhere', init: { method: 'GET', headers: AUTH } }],
  [
    'Prefer: code=400 serves the documented example',
    {
      path: '/plants',
      init: { method: 'POST', headers: { ...AUTH, ...JSON_TYPE, prefer: 'code=400' }, body: '{"id":7,"name":"Fern"}' },
    },
  ],
  [
    'Prefer: example=fern serves that example',
    {
      path: '/plants',
      init: {
        method: 'POST',
        headers: { ...AUTH, ...JSON_TYPE, prefer: 'example=fern' },
        body: '{"id":7,"name":"Fern"}',
      },
    },
  ],
  [
    'an Accept nothing documented satisfies: 406',
    {
      path: '/plants',
      init: { method: 'POST', headers: { ...AUTH, ...JSON_TYPE, accept: 'text/html' }, body: '{"id":7,"name":"F"}' },
    },
  ],
  [
    'the __code query switch',
    { path: '/plants?__code=400', init: { method: 'POST', headers: { ...AUTH, ...JSON_TYPE }, body: '{"id":7}' } },
  ],
];

/** The parts of an answer that must agree. */
async function answerOf(response: Response) {
  const headers = ['content-type', 'allow', 'www-authenticate', 'x-plantkit-mock', 'x-plantkit-reason'];
  return {
    status: response.status,
    headers: Object.fromEntries(headers.map((name) => [name, response.headers.get(name)])),
    body: await response.text(),
  };
}

describe('the Plant Store through MSW and through the mock server', () => {
  let mock: RunningMock;
  let plants: SpecHandlers;
  const server = setupServer();
  /** Requests MSW had no handler for (the real mock's own are let through to 127.0.0.1). */
  const unhandled: string[] = [];

  beforeAll(async () => {
    mock = await startMock({ spec: 'openapi.yaml', port: 0 });
    plants = await createHandlers('openapi.yaml', { baseUrl: API });
    server.use(...plants.handlers);
    server.listen({
      onUnhandledRequest: (request) => {
        if (!request.url.startsWith(mock.url)) unhandled.push(`${request.method} ${request.url}`);
      },
    });
  });
  afterEach(() => server.resetHandlers(...plants.handlers));
  afterAll(async () => {
    server.close();
    await mock.close();
  });

  test.each(SAME_ANSWERS)('%s', async (_name, { path, init }) => {
    const viaMsw = await answerOf(await fetch(`${API}${path}`, init));
    const viaServer = await answerOf(await fetch(`${mock.url}${path}`, init));
    expect(viaMsw).toEqual(viaServer);
    expect(unhandled).toEqual([]);
  });

  test('the handlers answer under the base URL only: other paths and origins go to the next handler', async () => {
    server.resetHandlers(
      ...plants.handlers,
      http.all('*', () => new Response('next handler')),
    );
    expect(await (await fetch('http://127.0.0.1:1/apiary', { headers: AUTH })).text()).toBe('next handler');
    expect(await (await fetch('http://localhost:1/api/plants', { headers: AUTH })).text()).toBe('next handler');
    expect((await fetch(`${API}/nowhere`, { headers: AUTH })).status).toBe(404);
  });

  test('a request outside the base URL with no other handler is MSW unhandled request', async () => {
    await fetch('http://127.0.0.1:1/apiary', { headers: AUTH }).catch(() => undefined);
    expect(unhandled).toEqual(['GET http://127.0.0.1:1/apiary']);
    unhandled.length = 0;
  });
});
