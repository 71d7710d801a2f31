/**
 * Issue 10, "Bad input": a spec the mock cannot wholly serve (an unresolvable
 * `$ref`, an impossible schema) gets one line naming the operation and the
 * reason, and the rest of the spec is still served. The contract runner and
 * `spec check` keep refusing such a spec as a whole. Issue 23: the same for
 * places that break the OpenAPI schema.
 */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { loadSpec } from '../../src/core/spec/load-spec.js';
import { startProxy } from '../../src/proxy/start-proxy.js';
import { checkSpec } from '../../src/spec-check/check-spec.js';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';

const SPEC = fixturePath('mock/unservable.yaml');

describe('a spec with $refs that do not resolve: the rest is served', () => {
  test('one start-up line per operation that reaches a missing $ref, directly or through a shared component', async () => {
    let notices = '';
    await withMock({ spec: SPEC, notices: { write: (text: string) => (notices += text) } }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    const lines = notices.split('\n').filter((line) => line.includes('is not served'));
    expect(lines).toEqual([
      'plantkit mock: warning: GET /broken is not served: $ref does not resolve: "#/components/schemas/Missing". Token "Missing" does not exist. (at /paths/~1broken/get/responses/200/content/application~1json/schema); the rest of the spec is',
      'plantkit mock: warning: GET /shelves is not served: $ref does not resolve: "#/components/schemas/Pot". Token "Pot" does not exist. (at /components/schemas/Shelf/properties/plants/items); the rest of the spec is',
    ]);
  });

  test('the other operations answer as usual; the broken ones get a 500 in the Error shape that names the $ref', async () => {
    await withMock({ spec: SPEC }, async (mock) => {
      expect(await call(`${mock.url}/plants`)).toMatchObject({ status: 200, json: expect.any(Array) });
      expect(
        await call(`${mock.url}/plants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"Fern"}',
        }),
      ).toMatchObject({ status: 201, json: { name: 'Fern' } });
      // A bad request to a served operation is still the client's 400, never a 5xx.
      expect(
        (
          await call(`${mock.url}/plants`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"name":""}',
          })
        ).status,
      ).toBe(400);
      const broken = await call(`${mock.url}/shelves`);
      expect(broken.status).toBe(500);
      expect(broken.json).toEqual({
        error: 500,
        message: expect.stringMatching(
          /^the mock cannot serve GET \/shelves: \$ref does not resolve: "#\/components\/schemas\/Pot".* fix the spec/,
        ),
      });
    });
  });

  test('an impossible schema: the operation answers 500 naming the schema, the others are served', async () => {
    await withMock({ spec: SPEC }, async (mock) => {
      const answer = await call(`${mock.url}/impossible`);
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({
        error: 500,
        message: expect.stringContaining(
          'check that the schema at #/paths/~1impossible/get/responses/200/content/application~1json/schema can be satisfied',
        ),
      });
      expect((await call(`${mock.url}/plants`)).status).toBe(200);
    });
  });

  test('loading for the runner still refuses the whole spec, naming the first $ref', async () => {
    await expect(loadSpec(SPEC)).rejects.toThrow(/Missing \$ref pointer "#\/components\/schemas\/(Missing|Pot)"/);
    await expect(runContract({ baseUrl: 'http://127.0.0.1:9', spec: SPEC })).rejects.toThrow(/\$ref/);
  });
});

describe('issue 23: a spec that breaks the OpenAPI schema in places is served where it does not', () => {
  const INVALID = fixturePath('mock/invalid-parts.yaml');
  const INVALID_2 = fixturePath('mock/invalid-parts-2.0.yaml');
  const json = { 'content-type': 'application/json' };

  test('one start-up line per place, naming the operations that reach it, or that none does', async () => {
    let notices = '';
    await withMock({ spec: INVALID, notices: { write: (text: string) => (notices += text) } }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(notices.split('\n').filter((line) => line.includes('invalid OpenAPI document'))).toEqual([
      'plantkit mock: warning: invalid OpenAPI document at /paths/~1labels/get/responses/200/content/application~1json/schema/properties/text/examples: must be array; GET /labels answers 500 saying so; the rest of the spec is served',
      'plantkit mock: warning: invalid OpenAPI document at /components/schemas/Pot/definitions/Size/type: "type" property must be either a string or an array of strings; GET /pots, GET /pots/{id} answer 500 saying so; the rest of the spec is served',
      'plantkit mock: warning: invalid OpenAPI document at /components/schemas/Unused/required: must be array; no operation reaches it: every operation is served',
    ]);
  });

  const cannotServe = (route: string, at: string) =>
    new RegExp(`^the mock cannot serve ${route}: invalid OpenAPI document at ${at}: .*; fix the spec`);
  test.each<[string, { spec: string; path: string; init?: RequestInit; status: number; body: unknown }]>([
    ['a served list', { spec: INVALID, path: '/plants', status: 200, body: expect.any(Array) }],
    [
      'a served create',
      {
        spec: INVALID,
        path: '/plants',
        init: { method: 'POST', headers: json, body: '{"name":"Fern"}' },
        status: 201,
        body: { name: 'Fern' },
      },
    ],
    [
      'a bad request to a served operation is still the client 400, in the spec Error shape',
      {
        spec: INVALID,
        path: '/plants',
        init: { method: 'POST', headers: json, body: '{"name":""}' },
        status: 400,
        body: { message: 'body/name must NOT have fewer than 1 characters' },
      },
    ],
    [
      'a definitions block with a type that is no type name',
      {
        spec: INVALID,
        path: '/pots',
        status: 500,
        body: {
          message: expect.stringMatching(cannotServe('GET /pots', '/components/schemas/Pot/definitions/Size/type')),
        },
      },
    ],
    [
      'the same component through another operation',
      {
        spec: INVALID,
        path: '/pots/3',
        status: 500,
        body: {
          message: expect.stringMatching(
            cannotServe('GET /pots/\\{id\\}', '/components/schemas/Pot/definitions/Size/type'),
          ),
        },
      },
    ],
    [
      'examples that is not an array',
      {
        spec: INVALID,
        path: '/labels',
        status: 500,
        body: { message: expect.stringMatching(cannotServe('GET /labels', '/paths/~1labels/get/.*/text/examples')) },
      },
    ],
    [
      'Swagger 2.0: the place in the 2.0 file',
      {
        spec: INVALID_2,
        path: '/pets',
        status: 500,
        body: {
          error: 500,
          message: expect.stringMatching(cannotServe('GET /pets', '/definitions/Pet/required')),
        },
      },
    ],
    ['Swagger 2.0: the rest is served', { spec: INVALID_2, path: '/status', status: 200, body: 'up' }],
  ])('%s', async (_name, { spec, path, init, status, body }) => {
    await withMock({ spec }, async (mock) => {
      const answer = await call(`${mock.url}${path}`, init);
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(body);
      // Every 500 says why, in the body and in the header.
      if (status === 500)
        expect(answer.headers.get('x-plantkit-reason')).toBe((answer.json as { message: string }).message);
    });
  });

  test('loading for the runner, the proxy and the spec checks still refuses the whole spec, naming the first place', async () => {
    const first = /invalid OpenAPI document at \/paths\/~1labels\/get\/.*examples: must be array \(and 2 more problems/;
    await expect(loadSpec(INVALID)).rejects.toThrow(first);
    await expect(runContract({ baseUrl: 'http://127.0.0.1:9', spec: INVALID })).rejects.toThrow(first);
    await expect(startProxy({ upstream: 'http://127.0.0.1:9', spec: INVALID, port: 0 })).rejects.toThrow(first);
    const checked = await checkSpec(INVALID);
    expect(
      checked.findings.filter((finding) => finding.check === 'structure').map((finding) => finding.pointer),
    ).toEqual(
      expect.arrayContaining(['/components/schemas/Pot/definitions/Size/type', '/components/schemas/Unused/required']),
    );
  });
});
