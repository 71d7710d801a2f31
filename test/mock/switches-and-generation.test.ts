/** Issue 10 items 7, 8, 9, 10, 11: Prism's switches, generated data that validates, odd patterns, Swagger 2.0, echo. */
import { describe, expect, test } from 'vitest';
import { loadSpec } from '../../src/core/spec/load-spec.js';
import { compileSchemaValidators } from '../../src/core/validation/compile-validators.js';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';

const plantStore = (extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json', ...extra },
  body: '{"id":1,"name":"Fern","tag":"t"}',
});

describe('item 7: Prism query switches, and 404 for what the spec does not define', () => {
  test.each<[string, string, Record<string, string>, number, unknown]>([
    [
      '__code=400 serves the documented 400',
      '/plants?__code=400',
      {},
      400,
      { error: 400, message: "body must have required property 'name'" },
    ],
    ['__example=fern serves that example', '/plants?__example=fern', {}, 200, { name: 'Boston fern' }],
    ['__dynamic=true generates, echoing', '/plants?__dynamic=true', {}, 200, expect.objectContaining({ name: 'Fern' })],
    [
      '__code for an undocumented status: 404',
      '/plants?__code=418',
      {},
      404,
      { error: 404, message: 'addPlant documents no response for status 418; documented: 200, 400' },
    ],
    [
      'Prefer: code for an undocumented status: 404 too',
      '/plants',
      { prefer: 'code=418' },
      404,
      { error: 404, message: 'addPlant documents no response for status 418; documented: 200, 400' },
    ],
    [
      '__example that does not exist: 404',
      '/plants?__example=cactus',
      {},
      404,
      {
        error: 404,
        message: "addPlant has no example 'cactus' for status 200 (application/json); documented: monstera, fern",
      },
    ],
    [
      'a malformed switch: 400',
      '/plants?__code=abc',
      {},
      400,
      { error: 400, message: '__code=abc is not a status code (use e.g. code=400)' },
    ],
  ])('%s', async (_name, path, headers, status, json) => {
    await withMock({}, async (mock) => {
      const answer = await call(`${mock.url}${path}`, plantStore(headers));
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(json);
    });
  });
});

describe('item 8: generated data satisfies oneOf exclusivity, contains, pattern and exclusive bounds', () => {
  test.each([['static'], ['dynamic']])('%s answers validate, 30 times over', async (mode) => {
    const spec = await loadSpec(fixturePath('mock/generated.yaml'));
    const media = spec.operations[0]!.responses[0]!.content[0]!;
    const validate = compileSchemaValidators(spec)(media.schema!, 'response');
    await withMock({ spec: fixturePath('mock/generated.yaml'), dynamic: mode === 'dynamic' }, async (mock) => {
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const answer = await call(`${mock.url}/shapes`);
        expect(answer.status).toBe(200);
        expect(validate(answer.json)).toEqual([]);
      }
    });
  });
});

describe('item 9: patterns JavaScript reads only in non-Unicode mode, or not at all, never stop the kit', () => {
  test('the mock starts, reads [a-zA-Z]{1-70} as the JSON Schema ecosystem does, and ignores a pattern that does not compile', async () => {
    let notices = '';
    await withMock(
      { spec: fixturePath('mock/odd-patterns.yaml'), notices: { write: (text: string) => (notices += text) } },
      async (mock) => {
        await new Promise((resolve) => setImmediate(resolve));
        expect(notices).toMatch(
          /^plantkit mock: warning: pattern "\(\?<name" is not checked: Invalid regular expression/,
        );
        expect((await call(`${mock.url}/names/${encodeURIComponent('a{1-70}')}?code=x`)).status).toBe(200);
        expect((await call(`${mock.url}/names/abc`)).status).toBe(400);
      },
    );
  });
});

describe('item 10: Swagger 2.0 is mocked like any spec', () => {
  test.each<[string, string, string, Record<string, string>, string | undefined, number, unknown]>([
    ['a list, under the basePath', 'GET', '/api/pots?api_key=k&sizes=s,m', {}, undefined, 200, expect.any(Array)],
    [
      'a body parameter, echoed',
      'POST',
      '/api/pots',
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/json' },
      '{"size":"m","colour":"terracotta"}',
      201,
      expect.objectContaining({ size: 'm', colour: 'terracotta' }),
    ],
    [
      'a formData parameter over its maxLength',
      'POST',
      '/api/pots/3/label?api_key=k',
      { 'content-type': 'application/x-www-form-urlencoded' },
      `text=${'x'.repeat(21)}`,
      400,
      { message: 'body/text must NOT have more than 20 characters' },
    ],
    [
      'collectionFormat csv with an enum',
      'GET',
      '/api/pots?api_key=k&sizes=s,xl',
      {},
      undefined,
      400,
      { message: 'query parameter \'sizes\' at /1 must be one of ["s","m","l"]' },
    ],
  ])('%s', async (_name, method, path, headers, body, status, json) => {
    await withMock({ spec: fixturePath('rich/petstore-swagger2.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}${path}`, { method, headers, ...(body ? { body } : {}) });
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(json);
    });
  });
});

describe('item 11: the echo respects the response schema', () => {
  test('request values the response property does not accept are not echoed; the answer stays valid', async () => {
    await withMock({ spec: fixturePath('mock/echo-types.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}/people`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Ada","dateOfBirth":"1815-12-10","usernames":"ada"}',
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ name: 'Ada', dateOfBirth: '2024-05-01T12:00:00Z', usernames: ['ada1815'] });
    });
  });
});
