/**
 * `plantkit/msw` in a real page: a script that imports `plantkit/msw` and
 * `msw/browser` is bundled with esbuild (as Vite, webpack or esbuild would
 * for a dev server, so the `browser` export condition picks
 * dist/browser/msw.js), served with MSW's worker from 127.0.0.1:0, and run
 * in Debian's Chromium. The worker answers with the mock's pipeline: the
 * request checks and refusals, auth, the 404 for an undocumented path,
 * validated overrides, the stateful store, a Swagger 2.0 spec, cookie
 * credentials from document.cookie, the documented limit (multipart request
 * bodies need Node), and nothing reaches the page's server but the page,
 * its script, the worker and the specs.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../support/chromium.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs in the page: every answer it got, as JSON in #out. */
const PAGE_SCRIPT = `
import { setupWorker } from 'msw/browser';
import { createHandlers } from 'plantkit/msw';

const auth = { authorization: 'Bearer page-token', 'content-type': 'application/json' };
async function call(url, init) {
  const response = await fetch(url, init);
  return {
    status: response.status,
    body: await response.text(),
    mock: response.headers.get('x-plantkit-mock'),
    challenge: response.headers.get('www-authenticate'),
    allow: response.headers.get('allow'),
  };
}

async function main() {
  const plants = await createHandlers('/specs/openapi.yaml', { baseUrl: '/api' });
  const orders = await createHandlers(new URL('/specs/orders.yaml', location.href), { baseUrl: '/shop', stateful: true });
  const worker = setupWorker(...plants.handlers, ...orders.handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  const results = {};
  results.created = await call('/api/plants', { method: 'POST', headers: auth, body: JSON.stringify({ id: 1, name: 'Calathea', tag: 'indoor' }) });
  results.invalid = await call('/api/plants', { method: 'POST', headers: auth, body: JSON.stringify({ id: 2 }) });
  results.unauthorised = await call('/api/plants', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  results.wrongMethod = await call('/api/plants', { headers: auth });
  results.noPath = await call('/api/nowhere', { headers: auth });
  try {
    plants.override('addPlant', { status: 200, body: { tag: 7 } });
    results.offSpec = 'accepted';
  } catch (error) {
    results.offSpec = { name: error.name, code: error.code, message: error.message };
  }
  worker.use(plants.override('addPlant', { status: 200, body: { name: 'Override' } }));
  results.overridden = await call('/api/plants', { method: 'POST', headers: auth, body: JSON.stringify({ id: 3, name: 'Fern' }) });
  const placed = await call('/shop/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ item: 'Pot', quantity: 2, status: 'open' }) });
  results.placed = placed;
  results.readBack = await call('/shop/orders/' + JSON.parse(placed.body).id);
  const legacy = await createHandlers('/specs/swagger2.yaml', { baseUrl: '/legacy' });
  results.swagger2 = legacy.spec.convertedFrom;
  const forms = await createHandlers('/specs/forms.yaml', { baseUrl: '/forms' });
  worker.use(...forms.handlers);
  document.cookie = 'SESSION=page-session; path=/';
  const photo = new FormData();
  photo.append('plant', '3');
  photo.append('image', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'leaf.png');
  results.upload = await call('/forms/photos', { method: 'POST', body: photo });
  document.cookie = 'SESSION=; path=/; max-age=0';
  results.uploadWithoutSession = await call('/forms/photos', { method: 'POST', body: photo });
  document.getElementById('out').textContent = JSON.stringify(results);
}
main().catch((error) => { document.getElementById('out').textContent = 'failed: ' + (error && error.stack || error); });
`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>msw page</title><pre id="out">pending</pre>
<script type="module" src="/app.js"></script>`;

let server: Server;
let origin: string;
let browser: Browser;
/** Paths the page's server was asked for. */
const served: string[] = [];

beforeAll(async () => {
  const bundled = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: ROOT, sourcefile: 'app.js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html; charset=utf-8', body: PAGE },
    '/app.js': { type: 'text/javascript', body: bundled.outputFiles[0]!.contents },
    '/mockServiceWorker.js': {
      type: 'text/javascript',
      body: await readFile(path.join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
    },
    '/specs/openapi.yaml': { type: 'application/yaml', body: await readFile(path.join(ROOT, 'openapi.yaml'), 'utf8') },
    '/specs/swagger2.yaml': {
      type: 'application/yaml',
      body: await readFile(path.join(ROOT, 'test/fixtures/specs/swagger2.yaml'), 'utf8'),
    },
    '/specs/forms.yaml': {
      type: 'application/yaml',
      body: await readFile(path.join(ROOT, 'test/fixtures/rich/forms-3.0.yaml'), 'utf8'),
    },
    '/specs/orders.yaml': {
      type: 'application/yaml',
      body: await readFile(path.join(ROOT, 'test/fixtures/stateful/orders-3.0.yaml'), 'utf8'),
    },
  };
  server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://page.invalid').pathname;
    served.push(pathname);
    const file = files[pathname];
    if (!file) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

test('the service worker answers with the mock pipeline', async () => {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  // Chromium logs every 4xx it fetched as a console error ("Failed to load resource"): those are the point here.
  tab.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  await tab.goto(`${origin}/`);
  // Runs in the page, hence a string: the test's TypeScript has no DOM types.
  await tab.waitForFunction("document.getElementById('out').textContent !== 'pending'", undefined, { timeout: 60_000 });
  const text = (await tab.textContent('#out')) ?? '';
  expect(text).not.toMatch(/^failed/);
  expect(errors).toEqual([]);
  const results = JSON.parse(text) as Record<string, { status: number; body: string } & Record<string, unknown>>;
  const identity = 'credentials=any; stateful=false';
  expect(results.created).toMatchObject({ status: 200, mock: identity });
  expect(JSON.parse(results.created!.body)).toEqual({ name: 'Calathea', tag: 'indoor' });
  expect(results.invalid).toMatchObject({ status: 400, mock: identity });
  expect(JSON.parse(results.invalid!.body)).toMatchObject({ error: 400, message: expect.stringContaining("'name'") });
  expect(results.unauthorised).toMatchObject({ status: 401, challenge: expect.stringMatching(/^Bearer/) });
  expect(results.wrongMethod).toMatchObject({ status: 405, allow: 'POST' });
  expect(results.noPath).toMatchObject({ status: 404, mock: identity });
  expect(results.offSpec).toMatchObject({
    name: 'UsageError',
    code: 'PLANTKIT_USAGE',
    message: expect.stringContaining('response-schema /tag: body/tag must be string (status 200)'),
  });
  expect(results.overridden).toMatchObject({ status: 200, body: '{"name":"Override"}' });
  expect(results.placed).toMatchObject({ status: 201, mock: 'credentials=any; stateful=true' });
  expect(JSON.parse(results.readBack!.body)).toEqual(JSON.parse(results.placed!.body));
  expect(results.swagger2).toBe('2.0');
  // The session cookie reaches the pipeline (a service worker never sees a Cookie header)...
  expect(results.uploadWithoutSession).toMatchObject({ status: 401 });
  // ...and multipart bodies are the documented limit of the browser build: busboy needs Node's streams.
  expect(results.upload).toMatchObject({ status: 400 });
  expect(JSON.parse(results.upload!.body)).toMatchObject({
    reason: "multipart body cannot be read: Writable needs Node: not part of plantkit's browser build",
  });
  // Every API call was answered in the page: the server saw only the page's own files.
  // (Chromium may or may not have asked for /favicon.ico by now.)
  expect([...new Set(served)].filter((file) => file !== '/favicon.ico').sort()).toEqual(
    [
      '/',
      '/app.js',
      '/mockServiceWorker.js',
      '/specs/forms.yaml',
      '/specs/openapi.yaml',
      '/specs/orders.yaml',
      '/specs/swagger2.yaml',
    ].sort(),
  );
}, 90_000);
