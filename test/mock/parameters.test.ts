/** Issue 10 items 5 and 13: parameters in every style and location, routing by path and method over HTTP. */
import { describe, expect, test } from 'vitest';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';

const forms = fixturePath('rich/forms-3.0.yaml');
const catalog = fixturePath('rich/catalog-3.1.yaml');
const session = { cookie: 'SESSION=s' };

describe('item 5: query styles, cookies, headers, encoded paths', () => {
  test.each<[string, string, string, Record<string, string>, number, RegExp | undefined]>([
    [
      'deepObject, pipeDelimited and an exploded form object',
      forms,
      '/search?filter[colour]=red&filter%5Bheight%5D=3&ids=1|2|3&size=10&number=2',
      session,
      200,
      undefined,
    ],
    [
      'deepObject property of the wrong type',
      forms,
      '/search?filter[height]=tall',
      session,
      400,
      /query parameter 'filter' at \/height must be integer/,
    ],
    [
      'pipeDelimited array over maxItems',
      forms,
      '/search?ids=1|2|3|4|5|6',
      session,
      400,
      /query parameter 'ids' must NOT have more than 5 items/,
    ],
    [
      'exploded form object property out of range',
      forms,
      '/search?size=0',
      session,
      400,
      /query parameter 'page' at \/size must be >= 1/,
    ],
    [
      'form array (explode: false) with an enum',
      catalog,
      '/plants?tag=indoor,outdoor',
      { 'x-api-key': 'k' },
      200,
      undefined,
    ],
    [
      'form array item outside its enum',
      catalog,
      '/plants?tag=indoor,desert',
      { 'x-api-key': 'k' },
      422,
      /query parameter 'tag' at \/1 must be one of/,
    ],
    [
      'a primitive given twice',
      catalog,
      '/plants?limit=1&limit=2',
      { 'x-api-key': 'k' },
      422,
      /query parameter 'limit' is given 2 times/,
    ],
    ['a cookie parameter in its enum', catalog, '/catalog/ABC-1234', { cookie: 'lang=fr' }, 200, undefined],
    [
      'a cookie parameter outside its enum',
      catalog,
      '/catalog/ABC-1234',
      { cookie: 'lang=xx' },
      400,
      /cookie parameter 'lang' must be one of/,
    ],
    [
      'a required header parameter missing',
      catalog,
      '/plants',
      { 'x-api-key': 'k', 'content-type': 'application/json' },
      422,
      /missing required header parameter 'x-request-id'/,
    ],
    [
      'a header parameter with a format',
      catalog,
      '/plants',
      { 'x-api-key': 'k', 'content-type': 'application/json', 'x-request-id': 'not-a-uuid' },
      422,
      /header parameter 'x-request-id' must match format \\"uuid\\"/,
    ],
    [
      'a path parameter breaking its pattern: the documented 404 (no such resource), as neither 400 nor 422 is documented',
      catalog,
      '/catalog/abc-1234',
      {},
      404,
      /path parameter 'sku' must match pattern/,
    ],
    [
      'int64 path parameter beyond its range, exactly',
      catalog,
      '/plants/9223372036854775808',
      { 'x-api-key': 'k' },
      404,
      /path parameter 'plantId' must be an integer within int64/,
    ],
  ])('%s -> %i', async (_name, spec, path, headers, status, message) => {
    await withMock({ spec }, async (mock) => {
      const post = path === '/plants' && 'content-type' in headers;
      const answer = await call(`${mock.url}${path}`, {
        method: post ? 'POST' : 'GET',
        headers,
        ...(post ? { body: '{"name":"Fern"}' } : {}),
      });
      expect(answer.status).toBe(status);
      if (message) expect(JSON.stringify(answer.json)).toMatch(message);
    });
  });

  test('percent-encoded path segments are decoded before routing (/test%20path matches /test path)', async () => {
    await withMock({ spec: fixturePath('mock/routing.yaml') }, async (mock) => {
      expect((await call(`${mock.url}/test%20path`)).status).toBe(200);
    });
  });
});

describe('item 13: routing by path and method', () => {
  test.each<[string, string, string, number, unknown]>([
    ['GET on the {idOrUrl} template', 'GET', '/v13/deployments/dpl_1', 200, { found: 'idOrUrl', value: 'dpl_1' }],
    ['DELETE on the {id} template', 'DELETE', '/v13/deployments/dpl_1', 200, { found: 'id', value: 'dpl_1' }],
    ['a path key with a query part', 'GET', '/export?filename=plants.csv', 200, { file: 'plants.csv' }],
    ['literal segments win over templates', 'GET', '/v13/deployments/latest', 200, { latest: true }],
  ])('%s', async (_name, method, path, status, json) => {
    await withMock({ spec: fixturePath('mock/routing.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}${path}`, { method });
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(json);
    });
  });
});
