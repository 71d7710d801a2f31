/** Issue 10 item 2: every security scheme type, OpenAPI's requirement semantics, challenges, pinned credentials. */
import { describe, expect, test } from 'vitest';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
const json = { 'content-type': 'application/json' };

type Row = [string, string, string, string, Record<string, string>, string | undefined, number, string | undefined];

describe('requirements (OAS 4.8.30): OR of ANDs, {} optional, security: [] overrides', () => {
  test.each<Row>([
    ['API key in a header', 'rich/catalog-3.1.yaml', 'GET', '/plants', { 'x-api-key': 'k' }, undefined, 200, undefined],
    [
      'or HTTP Basic instead',
      'rich/catalog-3.1.yaml',
      'GET',
      '/plants',
      { authorization: basic('ada:pw') },
      undefined,
      200,
      undefined,
    ],
    [
      'neither: 401 with the Basic challenge',
      'rich/catalog-3.1.yaml',
      'GET',
      '/plants',
      {},
      undefined,
      401,
      'Basic realm="plantkit", charset="UTF-8"',
    ],
    [
      'an operation with security: [] needs nothing',
      'rich/catalog-3.1.yaml',
      'GET',
      '/catalog/ABC-1234',
      {},
      undefined,
      200,
      undefined,
    ],
    [
      'security: [{}] makes credentials optional',
      'rich/catalog-3.1.yaml',
      'GET',
      '/health',
      {},
      undefined,
      200,
      undefined,
    ],
    [
      'API key in a cookie',
      'rich/forms-3.0.yaml',
      'GET',
      '/search',
      { cookie: 'theme=dark; SESSION=abc' },
      undefined,
      200,
      undefined,
    ],
    [
      'API key cookie missing',
      'rich/forms-3.0.yaml',
      'GET',
      '/search',
      { cookie: 'theme=dark' },
      undefined,
      401,
      undefined,
    ],
    [
      'API key in the query (Swagger 2.0)',
      'rich/petstore-swagger2.yaml',
      'GET',
      '/api/pots?api_key=k',
      {},
      undefined,
      200,
      undefined,
    ],
    [
      'API key query parameter missing',
      'rich/petstore-swagger2.yaml',
      'GET',
      '/api/pots',
      {},
      undefined,
      401,
      undefined,
    ],
    [
      'OAuth2 or Basic: Basic is accepted',
      'rich/auth-3.1.yaml',
      'GET',
      '/greenhouses',
      { authorization: basic('ada:pw') },
      undefined,
      200,
      undefined,
    ],
    [
      'OAuth2 or Basic: a bearer token is accepted',
      'rich/auth-3.1.yaml',
      'GET',
      '/greenhouses',
      { authorization: 'Bearer t' },
      undefined,
      200,
      undefined,
    ],
    [
      'OAuth2 or Basic: nothing, both challenges',
      'rich/auth-3.1.yaml',
      'GET',
      '/greenhouses',
      {},
      undefined,
      401,
      'Bearer realm="plantkit", scope="greenhouse:read", Basic realm="plantkit", charset="UTF-8"',
    ],
    [
      'API key AND bearer: only the token',
      'rich/auth-3.1.yaml',
      'POST',
      '/greenhouses/gh-1/vents',
      { authorization: 'Bearer t', ...json },
      '{"percent":5}',
      401,
      undefined,
    ],
    [
      'API key AND bearer: both',
      'rich/auth-3.1.yaml',
      'POST',
      '/greenhouses/gh-1/vents',
      { authorization: 'Bearer t', 'x-partner-key': 'p', ...json },
      '{"percent":5}',
      202,
      undefined,
    ],
    ['OpenID Connect or nothing: nothing', 'rich/auth-3.1.yaml', 'GET', '/sensors', {}, undefined, 200, undefined],
    [
      'operation-level security: [] beats the root requirement',
      'rich/auth-3.1.yaml',
      'GET',
      '/status',
      {},
      undefined,
      200,
      undefined,
    ],
  ])('%s', async (_name, spec, method, path, headers, body, status, challenge) => {
    await withMock({ spec: fixturePath(spec) }, async (mock) => {
      const answer = await call(`${mock.url}${path}`, { method, headers, ...(body ? { body } : {}) });
      expect(answer.status).toBe(status);
      if (challenge) expect(answer.headers.get('www-authenticate')).toBe(challenge);
      if (status === 401) expect(answer.headers.get('www-authenticate') ?? '').not.toMatch(/\bk\b|pw/);
    });
  });

  test('a 401 uses the documented 401 response and schema', async () => {
    await withMock({ spec: fixturePath('rich/auth-3.1.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}/greenhouses`);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        error: 'unauthorized',
        error_description: expect.stringMatching(
          /^missing Authorization header.*the operation accepts oauth, or basicAuth$/,
        ),
      });
    });
  });
});

describe('pinning credentials: --token, --api-key, --basic, --credential', () => {
  test.each<[string, string, Record<string, unknown>, Record<string, string>, number]>([
    ['--api-key: the pinned key', 'rich/catalog-3.1.yaml', { apiKey: 'k-123' }, { 'x-api-key': 'k-123' }, 200],
    ['--api-key: another key', 'rich/catalog-3.1.yaml', { apiKey: 'k-123' }, { 'x-api-key': 'k-999' }, 401],
    ['--basic: the pinned pair', 'rich/catalog-3.1.yaml', { basic: 'ada:pw' }, { authorization: basic('ada:pw') }, 200],
    [
      '--basic: another password',
      'rich/catalog-3.1.yaml',
      { basic: 'ada:pw' },
      { authorization: basic('ada:nope') },
      401,
    ],
    [
      '--credential by scheme name',
      'rich/catalog-3.1.yaml',
      { credentials: { apiKey: 'named' } },
      { 'x-api-key': 'named' },
      200,
    ],
    [
      '--credential by scheme name, wrong value',
      'rich/catalog-3.1.yaml',
      { credentials: { apiKey: 'named' } },
      { 'x-api-key': 'other' },
      401,
    ],
    ['--token pins OAuth2 tokens too', 'rich/auth-3.1.yaml', { token: 't-1' }, { authorization: 'Bearer t-2' }, 401],
  ])('%s', async (_name, spec, options, headers, status) => {
    await withMock({ spec: fixturePath(spec), ...options }, async (mock) => {
      const answer = await call(`${mock.url}/${spec.includes('auth') ? 'greenhouses' : 'plants'}`, { headers });
      expect(answer.status).toBe(status);
      expect(answer.text).not.toMatch(/k-123|k-999|named|nope|t-1|t-2/);
    });
  });

  test('the mock says which schemes are pinned on every response', async () => {
    await withMock({ spec: fixturePath('rich/catalog-3.1.yaml'), apiKey: 'k' }, async (mock) => {
      expect((await call(`${mock.url}/health`)).headers.get('x-plantkit-mock')).toBe(
        'credentials=pinned:apiKey; stateful=false',
      );
    });
    await withMock({ spec: fixturePath('rich/catalog-3.1.yaml') }, async (mock) => {
      expect((await call(`${mock.url}/health`)).headers.get('x-plantkit-mock')).toBe('credentials=any; stateful=false');
    });
  });
});
