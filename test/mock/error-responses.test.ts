/** Issue 10 items 3 and 14: refusals use the status and schema the spec documents; self-check 500s say why. */
import { describe, expect, test } from 'vitest';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';

const catalog = fixturePath('rich/catalog-3.1.yaml');
const key = { 'x-api-key': 'k' };

describe('item 3: the documented status and schema', () => {
  test.each<
    [string, string, string, Record<string, string>, string | undefined, number, string, Record<string, unknown>]
  >([
    [
      'invalid query parameter: the documented 422 in Problem shape',
      'GET',
      '/plants?limit=0',
      key,
      undefined,
      422,
      'application/problem+json',
      { title: 'Unprocessable Entity', status: 422, detail: "query parameter 'limit' must be >= 1" },
    ],
    [
      'invalid body: 422, never an undocumented 400',
      'PUT',
      '/plants/3',
      { ...key, 'content-type': 'application/json' },
      '{"name":""}',
      422,
      'application/problem+json',
      { title: 'Unprocessable Entity', status: 422, detail: 'body/name must NOT have fewer than 1 characters' },
    ],
    [
      "missing credentials: 401 in the operation's error shape when it documents no 401",
      'GET',
      '/plants',
      {},
      undefined,
      401,
      'application/problem+json',
      { title: 'Unauthorized', status: 401, detail: expect.stringMatching(/^missing API key/) },
    ],
    [
      'a documented 404 for an unknown code',
      'GET',
      '/plants/3?__code=404',
      key,
      undefined,
      404,
      'application/problem+json',
      { status: expect.any(Number) },
    ],
    [
      '405 with the error shape of the spec',
      'PATCH',
      '/plants/3',
      key,
      undefined,
      405,
      'application/problem+json',
      {
        title: 'Method Not Allowed',
        status: 405,
        detail: 'PATCH /plants/3 is not documented; allowed: GET, PUT, DELETE',
      },
    ],
  ])('%s', async (_name, method, path, headers, body, status, contentType, json) => {
    await withMock({ spec: catalog }, async (mock) => {
      const answer = await call(`${mock.url}${path}`, { method, headers, ...(body ? { body } : {}) });
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe(contentType);
      expect(answer.json).toMatchObject(json);
    });
  });

  test('400 where the spec documents 400 (the Plant Store)', async () => {
    await withMock({}, async (mock) => {
      const answer = await call(`${mock.url}/plants`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(400);
    });
  });
});

describe('item 14 and bad input: self-check 500s carry their reason; unsatisfiable operations do not stop the rest', () => {
  test('an unsatisfiable response schema: 500 naming the schema, other operations still served', async () => {
    await withMock({ spec: fixturePath('mock/generated.yaml') }, async (mock) => {
      const impossible = await call(`${mock.url}/impossible`);
      expect(impossible.status).toBe(500);
      expect(JSON.stringify(impossible.json)).toMatch(
        /cannot produce a valid 200 response for impossible .*#\/paths\/~1impossible\/get\/responses\/200\/content\/application~1json\/schema/,
      );
      expect((await call(`${mock.url}/shapes`)).status).toBe(200);
    });
  });
});
