/**
 * Issue 13: `startMock({ stateful: true })` remembers what clients create in
 * the spec's collections: the walk-through (create, read, list, update,
 * delete, read 404, delete 404), paging and totals, a wrapped list with uuid
 * ids and merge patches, client-chosen ids, links, reset, and that every
 * stateful answer passes the response validators. Operations outside a
 * collection keep their stateless answers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { loadSpec } from '../../src/core/spec/load-spec.js';
import { compileValidators } from '../../src/core/validation/compile-validators.js';
import type { RunningMock } from '../../src/mock/start-mock.js';
import { startMock } from '../../src/mock/start-mock.js';
import { failureLines } from '../support/contract-failures.js';
import { type Answer, call } from '../support/http.js';
import { withMock } from '../support/mock.js';

const CATALOG = 'test/fixtures/rich/catalog-3.1.yaml';
const ORDERS = 'test/fixtures/stateful/orders-3.0.yaml';
const KEY = { 'x-api-key': 'any-key' };

/** A plant write with the headers createPlant needs. */
const write = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { ...KEY, 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
  body: JSON.stringify(body),
});
const json = (method: string, body: unknown, type = 'application/json'): RequestInit => ({
  method,
  headers: { 'content-type': type },
  body: JSON.stringify(body),
});

describe('the walk-through on the catalog spec: create, read, list, update, delete, read 404, delete 404', () => {
  let mock: RunningMock;
  let plants: string;
  beforeAll(async () => {
    mock = await startMock({ spec: CATALOG, port: 0, stateful: true });
    plants = `${mock.url}/v1/plants`;
  });
  afterAll(() => mock.close());

  test('each step sees what the steps before it did', async () => {
    const created = await call(plants, write('POST', { name: 'Monstera', tag: 'indoor' }));
    expect(created.status).toBe(201);
    const plant = created.json as { id: number; name: string; tag: string; createdAt: string };
    expect(plant).toMatchObject({ id: 1, name: 'Monstera', tag: 'indoor' });
    expect(typeof plant.createdAt).toBe('string');
    expect(created.headers.get('location')).toBe('/v1/plants/1');
    expect(created.headers.get('x-plantkit-mock')).toBe('credentials=any; stateful=true');

    expect((await call(`${plants}/1`, { headers: KEY })).json).toEqual(plant);
    const second = (await call(plants, write('POST', { name: 'Fern' }))).json as { id: number; tag?: string };
    expect(second.id).toBe(2);
    expect('tag' in second).toBe(false);

    const listed = await call(plants, { headers: KEY });
    expect((listed.json as Array<{ id: number }>).map((item) => item.id)).toEqual([1, 2]);
    expect(listed.headers.get('x-total-count')).toBe('2');

    const updated = await call(`${plants}/1`, write('PUT', { name: 'Monstera deliciosa' }));
    expect(updated.json).toEqual({ id: 1, name: 'Monstera deliciosa', createdAt: plant.createdAt });
    expect((await call(`${plants}/1`, { headers: KEY })).json).toEqual(updated.json);

    const deleted = await call(`${plants}/1`, { method: 'DELETE', headers: KEY });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    const gone = await call(`${plants}/1`, { headers: KEY });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toBe('application/problem+json');
    expect(gone.json).toMatchObject({ status: 404, detail: 'no plant with plantId 1' });
    expect((await call(`${plants}/1`, { method: 'DELETE', headers: KEY })).status).toBe(404);
    expect((await call(`${plants}/1`, write('PUT', { name: 'Ghost' }))).status).toBe(404);

    const after = await call(plants, { headers: KEY });
    expect((after.json as Array<{ id: number }>).map((item) => item.id)).toEqual([2]);
    expect(after.headers.get('x-total-count')).toBe('1');
    // Ids are never reused: the next plant is 3, not 1.
    expect(((await call(plants, write('POST', { name: 'Ivy' }))).json as { id: number }).id).toBe(3);
  });

  test('limit and offset page the list in creation order; X-Total-Count counts every match', async () => {
    mock.reset();
    for (const name of ['A', 'B', 'C', 'D'])
      await call(plants, write('POST', { name, tag: name === 'B' ? 'outdoor' : 'indoor' }));
    const page = await call(`${plants}?limit=2&offset=1`, { headers: KEY });
    expect((page.json as Array<{ name: string }>).map((item) => item.name)).toEqual(['B', 'C']);
    expect(page.headers.get('x-total-count')).toBe('4');
    const indoor = await call(`${plants}?tag=indoor,succulent`, { headers: KEY });
    expect((indoor.json as Array<{ name: string }>).map((item) => item.name)).toEqual(['A', 'C', 'D']);
    expect(indoor.headers.get('x-total-count')).toBe('3');
  });

  test('POST /__plantkit/reset and RunningMock.reset() forget what was created', async () => {
    await call(plants, write('POST', { name: 'Moss' }));
    const reset = await call(`${mock.url}/__plantkit/reset`, { method: 'POST' });
    expect(reset.status).toBe(204);
    expect((await call(plants, { headers: KEY })).json).toEqual([]);
    expect((await call(`${mock.url}/__plantkit/reset`)).status).toBe(405);
  });

  test('operations outside a collection that can create keep the stateless answers, and a pinned code wins', async () => {
    const entry = await call(`${mock.url}/v1/catalog/ABC-1234`);
    expect(entry.status).toBe(200);
    expect((await call(`${plants}/77`, { headers: { ...KEY, prefer: 'code=200' } })).status).toBe(200);
  });
});

describe('wrapped lists, uuid ids, merge patches and client-chosen ids (orders spec)', () => {
  test('orders: page and per_page, the total field, a status filter, RFC 7396 patches', async () => {
    await withMock({ spec: ORDERS, stateful: true }, async (mock) => {
      const ids: string[] = [];
      for (const [item, status] of [
        ['rake', 'open'],
        ['hoe', 'shipped'],
        ['spade', 'open'],
      ] as const) {
        const placed = await call(
          `${mock.url}/orders`,
          json('POST', { item, quantity: 1, status, note: 'leave at the door' }),
        );
        expect(placed.status).toBe(201);
        const order = placed.json as { id: string; placedAt: string };
        expect(order.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        ids.push(order.id);
      }
      expect(await call(`${mock.url}/orders?per_page=2&page=2`).then((answer) => answer.json)).toMatchObject({
        data: [{ item: 'spade' }],
        total: 3,
      });
      expect(await call(`${mock.url}/orders?status=open`).then((answer) => answer.json)).toMatchObject({
        data: [{ item: 'rake' }, { item: 'spade' }],
        total: 2,
      });
      const patched = await call(
        `${mock.url}/orders/${ids[0]}`,
        json('PATCH', { quantity: 5, note: null }, 'application/merge-patch+json'),
      );
      expect(patched.json).toMatchObject({ id: ids[0], item: 'rake', quantity: 5, status: 'open' });
      expect('note' in (patched.json as object)).toBe(false);
      expect((await call(`${mock.url}/orders/${ids[0]}`)).json).toEqual(patched.json);
    });
  });

  test('tags: the client names the id; the same slug twice is a 409', async () => {
    await withMock({ spec: ORDERS, stateful: true }, async (mock) => {
      expect((await call(`${mock.url}/tags`, json('POST', { slug: 'shade', label: 'Shade' }))).status).toBe(201);
      expect((await call(`${mock.url}/tags/shade`)).json).toEqual({ slug: 'shade', label: 'Shade' });
      const twice = await call(`${mock.url}/tags`, json('POST', { slug: 'shade', label: 'Again' }));
      expect([twice.status, twice.json]).toEqual([409, { message: 'a tag with slug shade exists already' }]);
    });
  });
});

test('links: the tray the create answers is found under its serial (OAS 4.8.20)', async () => {
  await withMock({ spec: 'test/fixtures/stateful/links-3.1.yaml', stateful: true }, async (mock) => {
    const sown = (await call(`${mock.url}/trays`, json('POST', { crop: 'basil', cells: 24 }))).json as {
      serial: number;
    };
    expect(sown).toEqual({ serial: 1, crop: 'basil', cells: 24 });
    expect((await call(`${mock.url}/trays/1`)).json).toEqual(sown);
    expect((await call(`${mock.url}/trays/1`, json('PUT', { crop: 'dill' }))).json).toEqual({
      serial: 1,
      crop: 'dill',
    });
    expect((await call(`${mock.url}/trays/1`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`${mock.url}/trays/1`)).status).toBe(404);
  });
});

describe('every stateful answer passes the response validators (the mock self-check)', () => {
  test.each([
    ['catalog', CATALOG, '/v1/plants', { name: 'Monstera', tag: 'indoor', care: { kind: 'water', litres: 2.5 } }],
    ['orders', ORDERS, '/orders', { item: 'rake', quantity: 2, status: 'open' }],
  ])('%s', async (_name, file, path, body) => {
    const spec = await loadSpec(file);
    const validators = compileValidators(spec);
    await withMock({ spec, stateful: true }, async (mock) => {
      const init = file === CATALOG ? write('POST', body) : json('POST', body);
      const created = await call(`${mock.url}${path}`, init);
      const id = (created.json as { id: unknown }).id;
      const answers: Array<[string, number, Answer]> = [
        [
          spec.operations.find(
            (operation) => operation.method === 'POST' && operation.path.endsWith(path.replace('/v1', '')),
          )!.id,
          created.status,
          created,
        ],
        [
          spec.operations.find((operation) => operation.method === 'GET' && operation.path.includes('{'))!.id,
          200,
          await call(`${mock.url}${path}/${id}`, { headers: KEY }),
        ],
        [
          spec.operations.find((operation) => operation.method === 'GET' && !operation.path.includes('{'))!.id,
          200,
          await call(`${mock.url}${path}`, { headers: KEY }),
        ],
      ];
      for (const [operationId, status, answer] of answers) {
        expect(answer.status).toBe(status);
        expect(validators.response(operationId, status, 'application/json')!(answer.json)).toEqual([]);
      }
    });
  });
});

describe('a create that alone answers a required property (a webhook secret shown once)', () => {
  const HOOKS = 'test/fixtures/stateful/webhooks-secret-3.1.yaml';

  test('the stored item carries it, so the create, the read and the list all pass their validators', async () => {
    const spec = await loadSpec(HOOKS);
    const validators = compileValidators(spec);
    await withMock({ spec, stateful: true }, async (mock) => {
      const created = await call(`${mock.url}/hooks`, json('POST', { url: 'https://example.com/hook' }));
      expect(created.status).toBe(201);
      const hook = created.json as { id: string; url: string; secret: string };
      expect(hook.url).toBe('https://example.com/hook');
      expect(hook.secret.length).toBeGreaterThanOrEqual(16);
      const read = await call(`${mock.url}/hooks/${encodeURIComponent(hook.id)}`);
      const listed = await call(`${mock.url}/hooks`);
      expect([read.status, listed.status]).toEqual([200, 200]);
      // `events`, which only the create requires, is filled in; what the client wrote stays as written.
      expect(read.json).toMatchObject({ id: hook.id, url: 'https://example.com/hook', events: expect.any(Array) });
      expect(validators.response('createHook', 201, 'application/json')!(created.json)).toEqual([]);
      expect(validators.response('getHook', 200, 'application/json')!(read.json)).toEqual([]);
      expect(validators.response('listHooks', 200, 'application/json')!(listed.json)).toEqual([]);
      expect((listed.json as Array<{ id: string }>).map((item) => item.id)).toEqual([hook.id]);
    });
  });

  test('a patch value the item refuses (strings where the read answers objects) is not stored; the rest is', async () => {
    const spec = await loadSpec(HOOKS);
    const validators = compileValidators(spec);
    await withMock({ spec, stateful: true }, async (mock) => {
      const created = await call(`${mock.url}/hooks`, json('POST', { url: 'https://example.com/hook' }));
      const { id } = created.json as { id: string };
      const patched = await call(
        `${mock.url}/hooks/${encodeURIComponent(id)}`,
        json('PATCH', { url: 'https://example.com/moved', labels: ['billing'] }),
      );
      expect(patched.status).toBe(200);
      expect(validators.response('patchHook', 200, 'application/json')!(patched.json)).toEqual([]);
      expect(patched.json).toMatchObject({ id, url: 'https://example.com/moved' });
      expect((patched.json as { labels?: unknown }).labels).toBeUndefined();
    });
  });

  test('where the read refuses what it does not declare, no item can pass both: the mock says so (500), never an invalid answer', async () => {
    await withMock({ spec: HOOKS, stateful: true }, async (mock) => {
      const created = await call(`${mock.url}/sealed-hooks`, json('POST', { url: 'https://example.com/hook' }));
      expect(created.status).toBe(500);
      expect(created.text).toContain(
        "the stateful mock cannot make a valid sealed-hook (body must have required property 'secret')",
      );
    });
  });
});

test('a stateless mock says so, keeps no state and has nothing to reset', async () => {
  await withMock({ spec: CATALOG }, async (mock) => {
    const read = await call(`${mock.url}/v1/plants/123`, { headers: KEY });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-plantkit-mock')).toBe('credentials=any; stateful=false');
    const reset = await call(`${mock.url}/__plantkit/reset`, { method: 'POST' });
    expect(reset.status).toBe(404);
    expect(reset.text).toContain('start it with --stateful');
    expect(mock.collections()).toEqual([]);
  });
});

describe("a list whose item schema is not the read's (GitHub's gists: read as GistSimple, listed as BaseGist)", () => {
  const GISTS = 'test/fixtures/stateful/list-summary-3.0.yaml';
  const raw = (body: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

  test('each item is listed as a summary the list accepts: what fits kept (an int64 exactly), what the summary requires filled in', async () => {
    const spec = await loadSpec(GISTS);
    const validators = compileValidators(spec);
    await withMock({ spec, stateful: true }, async (mock) => {
      const created = await call(`${mock.url}/gists`, raw('{"description":"notes","stars":9007199254740993}'));
      expect(created.status).toBe(201);
      const { id } = created.json as { id: string };
      const listed = await call(`${mock.url}/gists`);
      expect(listed.status).toBe(200);
      expect(validators.response('listGists', 200, 'application/json')!(listed.json)).toEqual([]);
      const [summary] = listed.json as Array<Record<string, unknown>>;
      expect(summary).toMatchObject({ id, description: 'notes' });
      expect(Object.keys(summary!).sort()).toEqual(['description', 'id', 'node_id', 'stars', 'url', 'user']);
      expect(typeof summary!.user === 'string' || summary!.user === null).toBe(true);
      expect(listed.text).toContain('"stars":9007199254740993');
      // The item itself is unchanged: the read still answers it whole, with its user object.
      const read = await call(`${mock.url}/gists/${encodeURIComponent(id)}`);
      expect(validators.response('getGist', 200, 'application/json')!(read.json)).toEqual([]);
      expect((read.json as { user: unknown }).user).toEqual(expect.objectContaining({ login: expect.any(String) }));
    });
  });

  test('a PATCH whose body is null (the schema allows it) changes nothing and answers the item', async () => {
    await withMock({ spec: GISTS, stateful: true }, async (mock) => {
      const created = await call(`${mock.url}/gists`, raw('{"description":"notes"}'));
      const { id } = created.json as { id: string };
      const patched = await call(`${mock.url}/gists/${encodeURIComponent(id)}`, { ...raw('null'), method: 'PATCH' });
      expect([patched.status, patched.json]).toEqual([200, created.json]);
    });
  });

  test("plantkit's own runner passes against it: static, generated and stateful cases", async () => {
    await withMock({ spec: GISTS, stateful: true }, async (mock) => {
      const result = await runContract({ baseUrl: mock.url, spec: GISTS, seed: 19 });
      expectOwnRunnerPasses(result);
    });
  });
});

test("form bodies as Stripe writes them (nested deepObject members, an empty metadata): plantkit's runner passes against the stateful mock", async () => {
  const COUPONS = 'test/fixtures/stateful/form-items-3.0.yaml';
  await withMock({ spec: COUPONS, stateful: true }, async (mock) => {
    const created = await call(`${mock.url}/v1/coupons`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Spring&owner[address][city]=Oslo&tags[0]=a&tags[1]=b',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'Spring', owner: { address: { city: 'Oslo' } }, tags: ['a', 'b'] });
    const result = await runContract({ baseUrl: mock.url, spec: COUPONS, seed: 22 });
    expectOwnRunnerPasses(result);
  });
});

test("items in envelopes ({certificate: {...}}, {data: {...}}): stored, served in their envelopes, and plantkit's runner passes", async () => {
  const ENVELOPES = 'test/fixtures/stateful/envelopes-3.0.yaml';
  const spec = await loadSpec(ENVELOPES);
  const validators = compileValidators(spec);
  await withMock({ spec, stateful: true }, async (mock) => {
    const created = await call(`${mock.url}/certificates`, json('POST', { name: 'web', domain_names: ['a.example'] }));
    expect(created.status).toBe(201);
    expect(validators.response('createCertificate', 201, 'application/json')!(created.json)).toEqual([]);
    const { certificate } = created.json as { certificate: { id: number } };
    expect(certificate).toMatchObject({ name: 'web', domain_names: ['a.example'] });
    const renamed = await call(`${mock.url}/certificates/${certificate.id}`, json('PUT', { name: 'www' }));
    const read = await call(`${mock.url}/certificates/${certificate.id}`);
    expect([renamed.status, read.status]).toEqual([200, 200]);
    expect(read.json).toEqual({ certificate: { ...certificate, name: 'www' } });
    const note = await call(`${mock.url}/notes`, json('POST', { title: 'soil' }));
    const { data } = note.json as { data: { id: string } };
    // The id is made to travel in the read's path, whose parameter is a uuid.
    expect(data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await call(`${mock.url}/notes/${encodeURIComponent(data.id)}`)).json).toEqual({ data });
    const result = await runContract({ baseUrl: mock.url, spec: ENVELOPES, seed: 23 });
    expectOwnRunnerPasses(result);
  });
});

test("updates by POST on the item path (Stripe): stored, merged, read back, and plantkit's runner passes", async () => {
  const POST_UPDATES = 'test/fixtures/stateful/post-updates-3.0.yaml';
  await withMock({ spec: POST_UPDATES, stateful: true }, async (mock) => {
    const accounts = `${mock.url}/accounts/acct_1/bank_accounts`;
    const form = (body: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const created = await call(accounts, form('external_account=btok_1&default_for_currency=true'));
    expect(created.status).toBe(200);
    const { id } = created.json as { id: string };
    // The read answers the stored item (its own id), not a sample and not a list of the path's "items".
    const read = await call(`${accounts}/${encodeURIComponent(id)}`);
    expect([read.status, read.json]).toEqual([200, created.json]);
    // The POST on the item path merges what it sends ("parameters not provided are left unchanged").
    const updated = await call(`${accounts}/${encodeURIComponent(id)}`, form('default_for_currency=false'));
    const reread = await call(`${accounts}/${encodeURIComponent(id)}`);
    expect([updated.status, reread.json]).toEqual([200, { ...(created.json as object), default_for_currency: false }]);
    const result = await runContract({ baseUrl: mock.url, spec: POST_UPDATES, seed: 24 });
    expectOwnRunnerPasses(result);
  });
});

test("an assignment that answers its parent (OnSched) is no create: plantkit's runner passes against the stateful mock", async () => {
  const ASSIGNMENTS = 'test/fixtures/stateful/assignments-3.0.yaml';
  await withMock({ spec: ASSIGNMENTS, stateful: true }, async (mock) => {
    const result = await runContract({ baseUrl: mock.url, spec: ASSIGNMENTS, seed: 25 });
    expectOwnRunnerPasses(result);
  });
});

/** plantkit's own runner against the stateful mock: no failure, and stateful sequences that passed. */
function expectOwnRunnerPasses(result: Awaited<ReturnType<typeof runContract>>): void {
  expect(failureLines(result)).toEqual([]);
  expect(
    result.results.filter((item) => item.case.kind === 'stateful' && item.verdict === 'passed').length,
  ).toBeGreaterThan(0);
}
