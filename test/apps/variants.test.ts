/**
 * Each variant of the reference apps shows its one deviation, and the correct
 * server does not: a probe returns true when the deviation is seen. Broken
 * variants must be caught by the contract runner; odd ones must not be.
 */
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { call } from '../support/http.js';
import { httpRequest, rawRequest } from '../support/raw-http.js';
import { CATALOG_API_KEY, type CatalogVariant, startCatalog } from './catalog.js';
import { GARDEN_SESSION, type GardenFormsVariant, startGardenForms } from './garden-forms.js';
import {
  GREENHOUSE_BASIC,
  GREENHOUSE_PARTNER_KEY,
  GREENHOUSE_TOKEN,
  type GreenhouseVariant,
  startGreenhouse,
} from './greenhouse.js';
import { POT_API_KEY, type PotStoreVariant, startPotStore } from './pot-store.js';
import type { ReferenceApp } from './shared/app-server.js';

type Start = () => Promise<ReferenceApp>;
type Probe = (app: ReferenceApp) => Promise<boolean>;

const key = { 'x-api-key': CATALOG_API_KEY };
const session = { cookie: `SESSION=${GARDEN_SESSION}` };
const pinned = { token: GREENHOUSE_TOKEN, basic: GREENHOUSE_BASIC, partnerKey: GREENHOUSE_PARTNER_KEY };

const catalog = (variant: CatalogVariant): [Start, Start] => [() => startCatalog(variant), () => startCatalog()];
const forms = (variant: GardenFormsVariant): [Start, Start] => [
  () => startGardenForms(variant),
  () => startGardenForms(),
];
const pots = (variant: PotStoreVariant): [Start, Start] => [() => startPotStore(variant), () => startPotStore()];
const greenhouse = (variant: GreenhouseVariant): [Start, Start] => [
  () => startGreenhouse(variant, pinned),
  () => startGreenhouse('correct', pinned),
];

async function createPlant(app: ReferenceApp, name: string, tag?: string) {
  return call(`${app.baseUrl}/plants`, {
    method: 'POST',
    headers: { ...key, 'x-request-id': crypto.randomUUID(), 'content-type': 'application/json' },
    body: JSON.stringify({ name, ...(tag ? { tag } : {}) }),
  });
}

/** The id of a new plant called `name`. */
const plantId = async (app: ReferenceApp, name: string, tag?: string) =>
  ((await createPlant(app, name, tag)).json as { id: number }).id;
const readPlant = (app: ReferenceApp, id: number) => call(`${app.baseUrl}/plants/${id}`, { headers: key });
const deletePlant = (app: ReferenceApp, id: number) =>
  call(`${app.baseUrl}/plants/${id}`, { method: 'DELETE', headers: key });

/** Storage bugs (catalog-shelf.ts): each seen only across calls. */
function shelfProbes(): Array<[string, string, [Start, Start], Probe]> {
  return [
    [
      'catalog read-after-create-404',
      'resource-available',
      catalog('read-after-create-404'),
      async (app) => (await readPlant(app, await plantId(app, 'Fern'))).status === 404,
    ],
    [
      'catalog read-returns-latest',
      'stored-equals-sent',
      catalog('read-returns-latest'),
      async (app) => {
        const first = await plantId(app, 'Fern');
        await plantId(app, 'Moss');
        return ((await readPlant(app, first)).json as { name: string }).name === 'Moss';
      },
    ],
    [
      'catalog delete-no-op',
      'use-after-delete',
      catalog('delete-no-op'),
      async (app) => {
        const id = await plantId(app, 'Fern');
        return (await deletePlant(app, id)).status === 204 && (await readPlant(app, id)).status === 200;
      },
    ],
    [
      'catalog delete-removes-latest',
      'resource-available',
      catalog('delete-removes-latest'),
      async (app) => {
        const first = await plantId(app, 'Fern');
        const second = await plantId(app, 'Moss');
        await deletePlant(app, first);
        return (await readPlant(app, second)).status === 404;
      },
    ],
    [
      'catalog list-from-snapshot',
      'list-includes-created',
      catalog('list-from-snapshot'),
      async (app) => {
        await plantId(app, 'Fern');
        return ((await call(`${app.baseUrl}/plants`, { headers: key })).json as unknown[]).length === 0;
      },
    ],
    [
      'catalog stale-total-count',
      'total-count-matches',
      catalog('stale-total-count'),
      async (app) => {
        await deletePlant(app, await plantId(app, 'Fern'));
        return (await call(`${app.baseUrl}/plants`, { headers: key })).headers.get('x-total-count') === '1';
      },
    ],
    [
      'catalog drops-tag',
      'stored-equals-sent',
      catalog('drops-tag'),
      async (app) => !('tag' in ((await readPlant(app, await plantId(app, 'Fern', 'indoor'))).json as object)),
    ],
    [
      'catalog reuses-deleted-ids',
      'use-after-delete',
      catalog('reuses-deleted-ids'),
      async (app) => {
        const first = await plantId(app, 'Fern');
        await readPlant(app, first);
        await deletePlant(app, first);
        const second = await plantId(app, 'Moss');
        return second === first && ((await readPlant(app, second)).json as { name: string }).name === 'Fern';
      },
    ],
    [
      'catalog second-delete-204',
      'second-delete-not-found',
      catalog('second-delete-204'),
      async (app) => (await deletePlant(app, 123)).status === 204,
    ],
  ];
}

const orderSeeds = (app: ReferenceApp, body = 'variety=rose&packets=2&colours=red', accept?: string) =>
  call(`${app.url}/seeds`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/x-www-form-urlencoded', ...(accept ? { accept } : {}) },
    body,
  });

const openVents = (app: ReferenceApp, headers: Record<string, string>) =>
  call(`${app.url}/greenhouses/gh-1/vents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"percent":10}',
  });

/** The probe's verdict on a fresh variant server and a fresh correct one. */
async function probeBoth(
  [startVariant, startCorrect]: [Start, Start],
  probe: Probe,
): Promise<{ variant: boolean; correct: boolean }> {
  const verdicts: boolean[] = [];
  for (const start of [startVariant, startCorrect]) {
    const app = await start();
    try {
      verdicts.push(await probe(app));
    } finally {
      await app.close();
    }
  }
  return { variant: verdicts[0]!, correct: verdicts[1]! };
}

const isProblem = (json: unknown, status: number) =>
  typeof json === 'object' && json !== null && 'title' in json && (json as { status?: unknown }).status === status;

describe('broken variants: one deviation each, absent from the correct server', () => {
  test.each<[string, string, [Start, Start], Probe]>([
    [
      'catalog delete-with-body',
      'transport',
      catalog('delete-with-body'),
      async (app) => {
        const id = ((await createPlant(app, 'Fern')).json as { id: number }).id;
        const answer = await rawRequest(
          app.port,
          httpRequest('DELETE', `/v1/plants/${id}`, [['X-API-Key', CATALOG_API_KEY]]),
        );
        return answer.status === 204 && (answer.body !== '' || 'content-type' in answer.headers);
      },
    ],
    ...shelfProbes(),
    [
      'catalog no-total-count',
      'response-headers',
      catalog('no-total-count'),
      async (app) => !(await call(`${app.baseUrl}/plants`, { headers: key })).headers.has('x-total-count'),
    ],
    [
      'catalog no-location',
      'response-headers',
      catalog('no-location'),
      async (app) => !(await createPlant(app, 'Fern')).headers.has('location'),
    ],
    [
      'catalog total-count-many',
      'response-headers',
      catalog('total-count-many'),
      async (app) => (await call(`${app.baseUrl}/plants`, { headers: key })).headers.get('x-total-count') === 'many',
    ],
    [
      'catalog wrong-problem-shape',
      'response-schema',
      catalog('wrong-problem-shape'),
      async (app) => {
        const answer = await call(`${app.baseUrl}/plants?limit=0`, { headers: key });
        return answer.status === 422 && !isProblem(answer.json, 422);
      },
    ],
    [
      'catalog invalid-400',
      'status-documented',
      catalog('invalid-400'),
      async (app) => (await call(`${app.baseUrl}/plants?limit=0`, { headers: key })).status === 400,
    ],
    [
      'catalog rejects-lang-fr',
      'outcome',
      catalog('rejects-lang-fr'),
      async (app) => (await call(`${app.baseUrl}/catalog/ABC-1234`, { headers: { cookie: 'lang=fr' } })).status !== 200,
    ],
    [
      'catalog ignores-limit',
      'outcome',
      catalog('ignores-limit'),
      async (app) => {
        await createPlant(app, 'Fern');
        await createPlant(app, 'Moss');
        return ((await call(`${app.baseUrl}/plants?limit=1`, { headers: key })).json as unknown[]).length > 1;
      },
    ],
    [
      'catalog offset-int32',
      'server-error',
      catalog('offset-int32'),
      async (app) => (await call(`${app.baseUrl}/plants?offset=2147483648`, { headers: key })).status === 500,
    ],
    [
      'catalog health-html',
      'content-type',
      catalog('health-html'),
      async (app) => (await call(`${app.baseUrl}/health`)).headers.get('content-type') === 'text/html',
    ],
    [
      'catalog truncated-json',
      'json-body',
      catalog('truncated-json'),
      async (app) => (await call(`${app.baseUrl}/plants`, { headers: key })).json === undefined,
    ],
    [
      'forms malformed-xml',
      'body-syntax',
      forms('malformed-xml'),
      async (app) => XMLValidator.validate((await orderSeeds(app, undefined, 'application/xml')).text) !== true,
    ],
    [
      'forms xml-ignores-names',
      'response-schema',
      forms('xml-ignores-names'),
      async (app) =>
        !/^<\?xml[^>]*\?><order id="\d+">.*<colours><colour>red<\/colour><\/colours><\/order>$/.test(
          (await orderSeeds(app, undefined, 'application/xml')).text,
        ),
    ],
    [
      'forms accepts-zero-packets',
      'outcome',
      forms('accepts-zero-packets'),
      async (app) => (await orderSeeds(app, 'variety=rose&packets=0')).status === 200,
    ],
    [
      'forms ascii-variety',
      'outcome',
      forms('ascii-variety'),
      async (app) => (await orderSeeds(app, 'variety=ros%C3%A9&packets=2')).status === 400,
    ],
    [
      'forms lax-deep-object',
      'outcome',
      forms('lax-deep-object'),
      async (app) => (await call(`${app.url}/search?filter[height]=tall`, { headers: session })).status === 200,
    ],
    [
      'forms meta-500',
      'server-error',
      forms('meta-500'),
      async (app) => {
        const upload = new FormData();
        upload.append('plant', '3');
        upload.append('image', new Blob([Buffer.from([0x89, 0x50])], { type: 'image/png' }), 'p.png');
        upload.append('meta', new Blob(['{"camera":"phone"}'], { type: 'application/json' }));
        return (await call(`${app.url}/photos`, { method: 'POST', headers: session, body: upload })).status === 500;
      },
    ],
    [
      'pot store ignores-api-key',
      'auth',
      pots('ignores-api-key'),
      async (app) => (await call(`${app.baseUrl}/pots`)).status === 200,
    ],
    [
      'pot store invalid-json',
      'json-body',
      pots('invalid-json'),
      async (app) => (await call(`${app.baseUrl}/pots?api_key=${POT_API_KEY}`)).json === undefined,
    ],
    [
      'greenhouse accepts-wrong-password',
      'auth',
      greenhouse('accepts-wrong-password'),
      async (app) => {
        const wrong = `Basic ${Buffer.from(`${GREENHOUSE_BASIC.username}:not-the-password`).toString('base64')}`;
        return (await call(`${app.url}/greenhouses`, { headers: { authorization: wrong } })).status === 200;
      },
    ],
    [
      'greenhouse and-as-or',
      'auth',
      greenhouse('and-as-or'),
      async (app) => (await openVents(app, { authorization: `Bearer ${GREENHOUSE_TOKEN}` })).status === 202,
    ],
    [
      'greenhouse hangs-up',
      'transport',
      greenhouse('hangs-up'),
      (app) =>
        openVents(app, { authorization: `Bearer ${GREENHOUSE_TOKEN}`, 'x-partner-key': GREENHOUSE_PARTNER_KEY }).then(
          () => false,
          () => true,
        ),
    ],
  ])('%s (for %s)', async (_name, _check, starts, probe) => {
    expect(await probeBoth(starts, probe)).toEqual({ variant: true, correct: false });
  });
});

describe('odd but correct variants: visibly odd, still within the spec', () => {
  test.each<[string, [Start, Start], Probe]>([
    [
      'catalog auth-403: 403 with a Problem',
      catalog('auth-403'),
      async (app) => isProblem((await call(`${app.baseUrl}/plants`)).json, 403),
    ],
    [
      'catalog charset',
      catalog('charset'),
      async (app) =>
        (await call(`${app.baseUrl}/plants`, { headers: key })).headers.get('content-type') ===
        'application/json; charset=utf-8',
    ],
    [
      'catalog empty-catalog: the documented 404 with a Problem',
      catalog('empty-catalog'),
      async (app) => isProblem((await call(`${app.baseUrl}/catalog/ABC-1234`)).json, 404),
    ],
    [
      'forms prefers-json',
      forms('prefers-json'),
      async (app) => (await orderSeeds(app)).headers.get('content-type') === 'application/json',
    ],
    [
      'forms absolute-redirect',
      forms('absolute-redirect'),
      async (app) =>
        (await fetch(`${app.url}/old-catalogue`, { redirect: 'manual' })).headers.get('location') ===
        `${app.url}/search`,
    ],
    ['pot store auth-403', pots('auth-403'), async (app) => (await call(`${app.baseUrl}/pots`)).status === 403],
    [
      'greenhouse auth-403: the documented 403 AuthError',
      greenhouse('auth-403'),
      async (app) =>
        (await openVents(app, {})).text ===
        '{"error":"forbidden","error_description":"send both X-Partner-Key and a bearer token"}',
    ],
    [
      'greenhouse charset',
      greenhouse('charset'),
      async (app) =>
        (await call(`${app.url}/status`)).headers.get('content-type') === 'application/json; charset=utf-8',
    ],
  ])('%s', async (_name, starts, probe) => {
    expect(await probeBoth(starts, probe)).toEqual({ variant: true, correct: false });
  });

  test.each<[string, Start]>([
    ['catalog slow-100ms', () => startCatalog('slow-100ms')],
    ['pot store slow-100ms', () => startPotStore('slow-100ms')],
  ])('%s answers what the correct server answers', async (_name, start) => {
    const app = await start();
    try {
      const path = app.baseUrl.endsWith('/v1') ? '/plants' : `/pots?api_key=${POT_API_KEY}`;
      const answer = await call(`${app.baseUrl}${path}`, { headers: key });
      expect([answer.status, answer.json]).toEqual([200, []]);
    } finally {
      await app.close();
    }
  });
});
