/** The mock over real HTTP (port 0): shapes, errors, auth, Prefer, routes, echo. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../../src/mock/start-mock.js';
import { call, jsonPost } from '../support/http.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});

describe('valid requests', () => {
  test.each([
    [
      'echoes name and tag, never id',
      '{"id":10,"name":"Monstera","tag":"indoor"}',
      { name: 'Monstera', tag: 'indoor' },
    ],
    ['no tag sent, no example tag served', '{"id":11,"name":"Fern"}', { name: 'Fern' }],
    ['largest int64 id', '{"id":9223372036854775807,"name":"Max"}', { name: 'Max' }],
    ['smallest int64 id', '{"id":-9223372036854775808,"name":"Min"}', { name: 'Min' }],
    ['1e3 is an integer', '{"id":1e3,"name":"Exp"}', { name: 'Exp' }],
    ['extra properties are allowed by the spec', '{"id":12,"name":"Ivy","colour":"green"}', { name: 'Ivy' }],
    ['non-ASCII kept', '{"id":13,"name":"Sansevière 虎の尾 🌵"}', { name: 'Sansevière 虎の尾 🌵' }],
  ])('%s', async (_name, body, want) => {
    const answer = await call(`${mock.url}/plants`, jsonPost(body));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.json).toEqual(want);
  });
});

describe('invalid requests get 400 in the Error shape, saying what is wrong', () => {
  test.each([
    ['missing name', '{"id":1}', "body must have required property 'name'"],
    ['missing both', '{}', "body must have required property 'name'; body must have required property 'id'"],
    [
      'id beyond int64',
      '{"id":9223372036854775808,"name":"x"}',
      'body/id must be an integer within int64 (-9223372036854775808 to 9223372036854775807)',
    ],
    [
      'id below int64',
      '{"id":-9223372036854775809,"name":"x"}',
      'body/id must be an integer within int64 (-9223372036854775808 to 9223372036854775807)',
    ],
    ['fractional id', '{"id":1.5,"name":"x"}', 'body/id must be integer'],
    ['string id', '{"id":"7","name":"x"}', 'body/id must be integer'],
    ['numeric name', '{"id":1,"name":7}', 'body/name must be string'],
    ['null tag', '{"id":1,"name":"x","tag":null}', 'body/tag must be string'],
    ['not an object', '[{"id":1,"name":"x"}]', 'body must be object'],
    ['a string', '"plant"', 'body must be object'],
    ['empty body', '', 'missing request body; send application/json'],
    ['only whitespace', ' \n', 'body is empty, expected a JSON value'],
  ])('%s', async (_name, body, message) => {
    const answer = await call(`${mock.url}/plants`, jsonPost(body));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 400, message });
  });

  test('malformed JSON', async () => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,'));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 400, message: expect.stringMatching(/^body is not valid JSON: /) });
  });

  test.each([
    ['text/plain', { 'content-type': 'text/plain' }, 'Content-Type text/plain is not accepted; send application/json'],
    ['missing', { 'content-type': '' }, 'missing Content-Type header; send Content-Type: application/json'],
  ])('wrong Content-Type: %s', async (_name, headers, message) => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}', headers));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 400, message });
  });

  test('charset parameter is fine', async () => {
    const answer = await call(
      `${mock.url}/plants`,
      jsonPost('{"id":1,"name":"x"}', { 'content-type': 'application/json; charset=utf-8' }),
    );
    expect(answer.status).toBe(200);
  });

  test('an oversized body gets 413 in the Error shape', async () => {
    const small = await startMock({ port: 0, maxBodyBytes: 1024 });
    try {
      const answer = await call(`${small.url}/plants`, jsonPost(`{"id":1,"name":"${'x'.repeat(2000)}"}`));
      expect(answer.status).toBe(413);
      expect(answer.json).toEqual({ error: 413, message: "body is larger than the mock's limit of 1 KiB" });
    } finally {
      await small.close();
    }
  });
});

describe('bearer auth (RFC 6750)', () => {
  test.each([
    [
      'missing',
      undefined,
      "missing Authorization header; send 'Authorization: Bearer <token>'",
      'Bearer realm="plantkit"',
    ],
    [
      'empty token',
      'Bearer ',
      "Authorization header has no bearer token; send 'Authorization: Bearer <token>'",
      'Bearer realm="plantkit", error="invalid_request"',
    ],
    [
      'Basic scheme',
      'Basic dTpw',
      "the Basic scheme is not accepted; send 'Authorization: Bearer <token>'",
      'Bearer realm="plantkit"',
    ],
  ])('%s -> 401 with WWW-Authenticate and an Error body', async (_name, authorization, message, challenge) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (authorization !== undefined) headers.authorization = authorization;
    const answer = await call(`${mock.url}/plants`, { method: 'POST', headers, body: '{"id":1,"name":"x"}' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(challenge);
    expect(answer.json).toEqual({ error: 401, message });
  });

  test.each(['bearer abc', 'BEARER abc', 'Bearer  abc'])('scheme is case-insensitive: %s', async (authorization) => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}', { authorization }));
    expect(answer.status).toBe(200);
  });

  test('auth is checked before the body', async () => {
    const answer = await call(`${mock.url}/plants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(answer.status).toBe(401);
  });

  test('--token accepts only that token', async () => {
    const strict = await startMock({ port: 0, token: 's3cret' });
    try {
      expect(
        (await call(`${strict.url}/plants`, jsonPost('{"id":1,"name":"x"}', { authorization: 'Bearer s3cret' })))
          .status,
      ).toBe(200);
      const wrong = await call(
        `${strict.url}/plants`,
        jsonPost('{"id":1,"name":"x"}', { authorization: 'Bearer other' }),
      );
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="plantkit", error="invalid_token"');
      expect(wrong.text).not.toContain('s3cret');
    } finally {
      await strict.close();
    }
  });
});

describe('routes', () => {
  test('undocumented path: 404 in the Error shape', async () => {
    const answer = await call(`${mock.url}/trees`, jsonPost('{}'));
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: 404, message: 'no operation at /trees; the spec documents POST /plants' });
  });

  test.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s /plants: 405 with Allow', async (method) => {
    const answer = await call(`${mock.url}/plants`, { method, headers: { authorization: 'Bearer t' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.json).toEqual({ error: 405, message: `${method} /plants is not documented; allowed: POST` });
  });
});

describe('Prefer, as in Prism', () => {
  test('code=400 serves the documented 400 example', async () => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}', { prefer: 'code=400' }));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 400, message: "body must have required property 'name'" });
  });

  test('example=fern serves that example as is', async () => {
    const answer = await call(
      `${mock.url}/plants`,
      jsonPost('{"id":1,"name":"x","tag":"t"}', { prefer: 'example=fern' }),
    );
    expect(answer.json).toEqual({ name: 'Boston fern' });
  });

  test('an unknown example is a 404 saying so, as in Prism (issue 10 item 7)', async () => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}', { prefer: 'example=cactus' }));
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      error: 404,
      message: "addPlant has no example 'cactus' for status 200 (application/json); documented: monstera, fern",
    });
  });

  test('dynamic=true generates schema-valid data, echoing what was sent', async () => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}', { prefer: 'dynamic=true' }));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ name: 'x' });
    expect(Object.keys(answer.json as object).every((key) => key === 'name' || key === 'tag')).toBe(true);
  });

  test('a malformed preference is a 400', async () => {
    const answer = await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}', { prefer: 'code=abc' }));
    expect(answer.json).toEqual({ error: 400, message: 'Prefer: code=abc is not a status code (use e.g. code=400)' });
  });
});
