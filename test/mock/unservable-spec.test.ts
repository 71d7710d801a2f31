/**
 * Issue 10, "Bad input": a spec the mock cannot wholly serve (an unresolvable
 * `$ref`, an impossible schema) gets one line naming the operation and the
 * reason, and the rest of the spec is still served. The contract runner and
 * `spec check` keep refusing such a spec as a whole.
 */
import { describe, expect, test } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.js';
import { runContract } from '../../src/contract/run-contract.js';
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
