/**
 * The reference apps are known-good: hand-written requests against each
 * correct server, checked against what its spec in test/fixtures/rich/ says.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { type Answer, call } from '../support/http.js';
import { CATALOG_API_KEY, CATALOG_BASIC, startCatalog } from './catalog.js';
import { GARDEN_SESSION, startGardenForms } from './garden-forms.js';
import { GREENHOUSE_BASIC, GREENHOUSE_PARTNER_KEY, GREENHOUSE_TOKEN, startGreenhouse } from './greenhouse.js';
import { POT_API_KEY, POT_BASIC, startPotStore } from './pot-store.js';
import type { ReferenceApp } from './shared/app-server.js';

const basic = ({ username, password }: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const key = { 'x-api-key': CATALOG_API_KEY };
const session = { cookie: `SESSION=${GARDEN_SESSION}` };
const form = { ...session, 'content-type': 'application/x-www-form-urlencoded' };
const newId = () => ({ 'x-request-id': crypto.randomUUID() });

async function using(started: Promise<ReferenceApp>, body: (app: ReferenceApp) => Promise<void>): Promise<void> {
  const app = await started;
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

function createPlant(app: ReferenceApp, plant: unknown): Promise<Answer> {
  return call(`${app.baseUrl}/plants`, {
    method: 'POST',
    headers: { ...key, ...newId(), 'content-type': 'application/json' },
    body: JSON.stringify(plant),
  });
}

describe('catalog (catalog-3.1.yaml)', () => {
  test('create, read, list, update and delete keep real state under /v1, with random ids', async () => {
    await using(startCatalog(), async (app) => {
      expect(app.baseUrl).toBe(`${app.url}/v1`);
      const fern = await createPlant(app, { name: 'Fern', tag: 'indoor', care: { kind: 'water', litres: 2.5 }, id: 7 });
      const cactus = await createPlant(app, { name: 'Cactus', tag: 'succulent', care: { kind: 'light', lux: 5000 } });
      expect(fern.status).toBe(201);
      expect(fern.headers.get('content-type')).toBe('application/json');
      const plant = fern.json as { id: number; createdAt: string };
      expect(fern.json).toEqual({
        id: expect.any(Number),
        name: 'Fern',
        tag: 'indoor',
        care: { kind: 'water', litres: 2.5 },
        createdAt: expect.any(String),
      });
      expect(plant.id).not.toBe(7); // readOnly: the server assigns it
      expect(Number.isSafeInteger(plant.id) && plant.id > 0).toBe(true);
      expect(Math.abs(plant.id - (cactus.json as { id: number }).id)).toBeGreaterThan(1);
      expect(new Date(plant.createdAt).toISOString()).toBe(plant.createdAt);
      expect(fern.headers.get('location')).toBe(`/v1/plants/${plant.id}`);
      expect((await call(`${app.url}${fern.headers.get('location')}`, { headers: key })).json).toEqual(fern.json);

      const page = await call(`${app.baseUrl}/plants?limit=1&offset=1`, { headers: key });
      expect([page.status, page.headers.get('x-total-count'), page.json]).toEqual([200, '2', [cactus.json]]);
      const indoor = await call(`${app.baseUrl}/plants?tag=indoor,outdoor`, { headers: key });
      expect([indoor.headers.get('x-total-count'), indoor.json]).toEqual(['1', [fern.json]]);

      const put = await call(`${app.baseUrl}/plants/${plant.id}`, {
        method: 'PUT',
        headers: { ...key, 'content-type': 'application/json' },
        body: '{"name":"Royal Fern"}',
      });
      expect(put.json).toEqual({ id: plant.id, name: 'Royal Fern', createdAt: plant.createdAt });
      const deleted = await call(`${app.baseUrl}/plants/${plant.id}`, { method: 'DELETE', headers: key });
      expect([deleted.status, deleted.text, deleted.headers.get('content-type')]).toEqual([204, '', null]);
      const gone = await call(`${app.baseUrl}/plants/${plant.id}`, { headers: key });
      expect([gone.status, gone.headers.get('content-type'), gone.json]).toEqual([
        404,
        'application/problem+json',
        expect.objectContaining({ title: 'Not Found', status: 404 }),
      ]);
    });
  });

  test.each<[string, string, string, Record<string, string>, string | undefined, number]>([
    ['limit below its minimum', 'GET', '/plants?limit=0', {}, undefined, 422],
    ['limit not an integer', 'GET', '/plants?limit=2.5', {}, undefined, 422],
    ['limit given twice', 'GET', '/plants?limit=1&limit=2', {}, undefined, 422],
    ['tag outside its enum', 'GET', '/plants?tag=indoor,desert', {}, undefined, 422],
    ['X-Request-Id missing', 'POST', '/plants', { 'content-type': 'application/json' }, '{"name":"Fern"}', 422],
    [
      'X-Request-Id not a uuid',
      'POST',
      '/plants',
      { 'content-type': 'application/json', 'x-request-id': 'req-1' },
      '{"name":"Fern"}',
      422,
    ],
    ['name empty', 'POST', '/plants', { 'content-type': 'application/json', ...newId() }, '{"name":""}', 422],
    [
      'care matching no oneOf branch',
      'POST',
      '/plants',
      { 'content-type': 'application/json', ...newId() },
      '{"name":"Fern","care":{"kind":"light","lux":99}}',
      422,
    ],
    [
      'care with an unmapped kind',
      'POST',
      '/plants',
      { 'content-type': 'application/json', ...newId() },
      '{"name":"Fern","care":{"kind":"soil"}}',
      422,
    ],
    ['not JSON', 'POST', '/plants', { 'content-type': 'application/json', ...newId() }, '{"name":', 422],
    ['plantId below its minimum: the documented 404', 'GET', '/plants/0', {}, undefined, 404],
    ['plantId not an integer', 'DELETE', '/plants/abc', {}, undefined, 404],
    ['an unknown plant', 'PUT', '/plants/12345', { 'content-type': 'application/json' }, '{"name":"Fern"}', 404],
    [
      'an invalid body for an unknown plant: the body is checked first',
      'PUT',
      '/plants/12345',
      { 'content-type': 'application/json' },
      '{}',
      422,
    ],
  ])('%s -> %i with a Problem', async (_name, method, path, headers, body, status) => {
    await using(startCatalog(), async (app) => {
      const answer = await call(`${app.baseUrl}${path}`, {
        method,
        headers: { ...key, ...headers },
        ...(body === undefined ? {} : { body }),
      });
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.json).toMatchObject({ title: expect.any(String), status, detail: expect.any(String) });
    });
  });

  test('API key OR Basic; pinned credentials; security: [] and [{}] need nothing', async () => {
    await using(startCatalog(), async (app) => {
      const refused = await call(`${app.baseUrl}/plants`);
      expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([
        401,
        'Basic realm="catalog", charset="UTF-8"',
      ]);
      expect(
        (
          await call(`${app.baseUrl}/plants`, {
            headers: { authorization: basic({ username: 'any', password: 'thing' }) },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(`${app.baseUrl}/plants`, {
            headers: { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
          })
        ).status,
      ).toBe(401);
      const entry = await call(`${app.baseUrl}/catalog/ABC-0009`, { headers: { cookie: 'lang=de' } });
      expect(entry.json).toEqual({ sku: 'ABC-0009', title: 'Pflanze ABC-0009', price: 2.5 });
      expect(
        (await call(`${app.baseUrl}/catalog/ABC-0009`, { headers: { 'accept-language': 'fr-CH, en;q=0.5' } })).json,
      ).toMatchObject({ title: 'Plante ABC-0009' });
      expect((await call(`${app.baseUrl}/catalog/ABC-0009`, { headers: { cookie: 'lang=xx' } })).status).toBe(404);
      expect((await call(`${app.baseUrl}/catalog/abc-0009`)).status).toBe(404);
      const health = await call(`${app.baseUrl}/health`);
      expect([health.status, health.headers.get('content-type'), health.text]).toEqual([200, 'text/plain', 'ok']);
      expect((await call(`${app.url}/plants`, { headers: key })).status).toBe(404);
    });
    await using(startCatalog('correct', { basic: CATALOG_BASIC }), async (app) => {
      expect((await call(`${app.baseUrl}/plants`, { headers: { authorization: basic(CATALOG_BASIC) } })).status).toBe(
        200,
      );
      const wrong = await call(`${app.baseUrl}/plants`, {
        headers: { authorization: basic({ ...CATALOG_BASIC, password: 'green' }) },
      });
      expect(wrong.status).toBe(401);
      expect((await call(`${app.baseUrl}/plants`, { headers: key })).status).toBe(401); // apiKey not pinned: refused
    });
  });
});

describe('garden forms (forms-3.0.yaml)', () => {
  test('a form order answered as XML by default, JSON on request, 406 and 415 as documented', async () => {
    await using(startGardenForms(), async (app) => {
      const body = 'variety=R%C3%B6se+%26+%3Cco%3E&packets=2&organic=true&colours=red&colours=white';
      const xml = await call(`${app.url}/seeds`, { method: 'POST', headers: form, body });
      expect([xml.status, xml.headers.get('content-type')]).toEqual([200, 'application/xml']);
      expect(XMLValidator.validate(xml.text)).toBe(true);
      const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml.text);
      expect(parsed.order).toEqual({
        '@_id': expect.stringMatching(/^\d+$/),
        variety: 'Röse & <co>',
        packets: '2',
        colours: { colour: ['red', 'white'] },
      });
      const json = await call(`${app.url}/seeds`, {
        method: 'POST',
        headers: { ...form, accept: 'application/xml;q=0.5, application/json' },
        body,
      });
      expect(json.json).toEqual({
        id: expect.any(Number),
        variety: 'Röse & <co>',
        packets: 2,
        colours: ['red', 'white'],
      });
      const control = await call(`${app.url}/seeds`, {
        method: 'POST',
        headers: form,
        body: 'variety=a%01b&packets=1',
      });
      expect([control.headers.get('content-type'), control.json]).toEqual([
        'application/json',
        expect.objectContaining({ variety: 'a\u0001b' }),
      ]);
      expect(
        (await call(`${app.url}/seeds`, { method: 'POST', headers: { ...form, accept: 'text/csv' }, body })).status,
      ).toBe(406);
      const notForm = await call(`${app.url}/seeds`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/json' },
        body: '{}',
      });
      expect([notForm.status, notForm.json]).toEqual([
        415,
        { code: 415, reason: expect.stringContaining('application/x-www-form-urlencoded') },
      ]);
      for (const bad of [
        'variety=rose&packets=0',
        'variety=rose&packets=13',
        'variety=r&packets=1',
        'variety=rose',
        'variety=rose&packets=1&organic=yes',
      ]) {
        expect((await call(`${app.url}/seeds`, { method: 'POST', headers: form, body: bad })).status).toBe(400);
      }
      expect(
        (await call(`${app.url}/seeds`, { method: 'POST', headers: { 'content-type': form['content-type'] }, body }))
          .status,
      ).toBe(401);
    });
  });

  test('a multipart photo with a binary part and a JSON part is stored and served back as PNG', async () => {
    await using(startGardenForms(), async (app) => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);
      const upload = new FormData();
      upload.append('plant', '7');
      upload.append('caption', 'first leaf');
      upload.append('image', new Blob([png], { type: 'image/png' }), 'leaf.png');
      upload.append('meta', new Blob(['{"camera":"phone"}'], { type: 'application/json' }));
      const stored = await call(`${app.url}/photos`, { method: 'POST', headers: session, body: upload });
      expect([stored.status, stored.json]).toEqual([201, { photoId: expect.any(String), bytes: 10 }]);
      const photo = await fetch(`${app.url}/photos/${(stored.json as { photoId: string }).photoId}`, {
        headers: session,
      });
      expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);
      expect((await call(`${app.url}/photos/ph-unknown`, { headers: session })).status).toBe(404);
      const wrongType = new FormData();
      wrongType.append('plant', '7');
      wrongType.append('image', new Blob(['not an image'], { type: 'text/plain' }), 'leaf.txt');
      expect((await call(`${app.url}/photos`, { method: 'POST', headers: session, body: wrongType })).json).toEqual({
        code: 400,
        reason: "part 'image' must be image/png or image/jpeg, not text/plain",
      });
    });
  });

  test('text/plain notes, the three query styles, and the public redirect', async () => {
    await using(startGardenForms(), async (app) => {
      const note = await call(`${app.url}/notes`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'text/plain; charset=utf-8' },
        body: 'water the fern 🌿',
      });
      expect([note.status, note.text]).toEqual([200, 'water the fern 🌿']);
      expect(
        (
          await call(`${app.url}/notes`, {
            method: 'POST',
            headers: { ...session, 'content-type': 'text/plain' },
            body: 'x'.repeat(141),
          })
        ).status,
      ).toBe(400);
      await call(`${app.url}/seeds`, {
        method: 'POST',
        headers: { ...form, accept: 'application/json' },
        body: 'variety=rose&packets=1&colours=red',
      });
      const found = await call(`${app.url}/search?filter[colour]=red&filter%5Bheight%5D=3&ids=&size=10&number=2`, {
        headers: session,
      });
      expect([found.status, found.json]).toEqual([200, { count: 0 }]);
      expect((await call(`${app.url}/search?filter[colour]=red`, { headers: session })).json).toEqual({ count: 1 });
      for (const bad of [
        'filter[height]=tall',
        'filter=red',
        'ids=1|2|3|4|5|6',
        'ids=1,2',
        'size=0',
        'number=1&number=2',
      ]) {
        const answer = await call(`${app.url}/search?${bad}`, { headers: session });
        expect([bad, answer.status]).toEqual([bad, 400]);
      }
      const moved = await fetch(`${app.url}/old-catalogue`, { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')]).toEqual([301, '/search']);
    });
  });
});

describe('pot store (petstore-swagger2.yaml)', () => {
  test('basePath /api, api_key in the query, Basic on addPot only, body and formData parameters', async () => {
    await using(startPotStore(), async (app) => {
      expect(app.baseUrl).toBe(`${app.url}/api`);
      expect((await call(`${app.url}/pots?api_key=${POT_API_KEY}`)).status).toBe(404);
      const added = await call(`${app.baseUrl}/pots`, {
        method: 'POST',
        headers: { authorization: basic(POT_BASIC), 'content-type': 'application/json' },
        body: '{"size":"m","colour":"terracotta"}',
      });
      expect([added.status, added.json]).toEqual([201, { id: expect.any(Number), size: 'm', colour: 'terracotta' }]);
      const id = (added.json as { id: number }).id;
      const withKeyOnly = await call(`${app.baseUrl}/pots?api_key=${POT_API_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"size":"m"}',
      });
      expect([withKeyOnly.status, withKeyOnly.headers.get('www-authenticate')]).toEqual([
        401,
        'Basic realm="pot store", charset="UTF-8"',
      ]);
      expect((await call(`${app.baseUrl}/pots?api_key=${POT_API_KEY}&sizes=s,m`)).json).toEqual([added.json]);
      expect((await call(`${app.baseUrl}/pots?api_key=${POT_API_KEY}&sizes=s`)).json).toEqual([]);
      expect((await call(`${app.baseUrl}/pots?api_key=${POT_API_KEY}&sizes=xl`)).status).toBe(400);
      expect((await call(`${app.baseUrl}/pots`)).status).toBe(401);
      const label = (text: string, potId: number | string = id) =>
        call(`${app.baseUrl}/pots/${potId}/label?api_key=${POT_API_KEY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ text }).toString(),
        });
      expect((await label('Basil & co')).json).toEqual({ id, size: 'm', colour: 'terracotta', label: 'Basil & co' });
      expect((await label('x'.repeat(21))).json).toEqual({
        message: "form field 'text' must have at most 20 characters",
      });
      expect((await label('ok', 5)).status).toBe(404);
      expect((await label('ok', 0)).status).toBe(400);
      expect(
        (
          await call(`${app.baseUrl}/pots`, {
            method: 'POST',
            headers: { authorization: basic(POT_BASIC), 'content-type': 'application/json' },
            body: '{"size":"xl"}',
          })
        ).json,
      ).toEqual({ message: 'body/size must be one of s, m, l' });
    });
  });
});

describe('greenhouse (auth-3.1.yaml)', () => {
  test('OAuth2 OR Basic, partner key AND bearer, OIDC or anonymous, security: []', async () => {
    await using(
      startGreenhouse('correct', {
        token: GREENHOUSE_TOKEN,
        basic: GREENHOUSE_BASIC,
        partnerKey: GREENHOUSE_PARTNER_KEY,
      }),
      async (app) => {
        const bearer = { authorization: `Bearer ${GREENHOUSE_TOKEN}` };
        const partner = { 'x-partner-key': GREENHOUSE_PARTNER_KEY };
        expect((await call(`${app.url}/greenhouses`, { headers: bearer })).status).toBe(200);
        expect(
          (await call(`${app.url}/greenhouses`, { headers: { authorization: basic(GREENHOUSE_BASIC) } })).json,
        ).toEqual([expect.objectContaining({ id: 'gh-1' }), expect.objectContaining({ id: 'gh-2' })]);
        const refused = await call(`${app.url}/greenhouses`, { headers: { authorization: 'Bearer someone-else' } });
        expect([refused.status, refused.json]).toEqual([
          401,
          { error: 'unauthorized', error_description: expect.any(String) },
        ]);
        expect(refused.headers.get('www-authenticate')).toBe(
          'Bearer realm="greenhouse", scope="greenhouse:read", Basic realm="greenhouse", charset="UTF-8"',
        );
        const vents = (headers: Record<string, string>, body = '{"percent":40}', id = 'gh-1') =>
          call(`${app.url}/greenhouses/${id}/vents`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body,
          });
        expect((await vents(bearer)).status).toBe(401);
        expect((await vents(partner)).status).toBe(401);
        expect((await vents({ ...bearer, ...partner })).json).toEqual({ status: 'opening' });
        expect((await vents({ ...bearer, ...partner })).json).toEqual({ status: 'open' });
        const tooWide = await vents({ ...bearer, ...partner }, '{"percent":101}');
        expect([tooWide.status, tooWide.json]).toEqual([
          403,
          { error: 'forbidden', error_description: 'body/percent must be between 0 and 100' },
        ]);
        expect((await vents({ ...bearer, ...partner }, '{"percent":5}', 'greenhouse-1')).status).toBe(403);
        expect((await call(`${app.url}/sensors`)).json).toEqual({ celsius: 23 });
        expect((await call(`${app.url}/sensors`, { headers: bearer })).json).toEqual({ celsius: 23.5 });
        expect((await call(`${app.url}/status`)).json).toEqual({ up: true });
      },
    );
  });
});
