/**
 * CORS proven in a real headless browser: a page served from another origin
 * calls the mock with fetch (credentials included, Authorization and
 * Content-Type set, so a preflight happens) and reads the JSON.
 * Needs Debian's chromium (.ci/run installs it); never a downloaded browser.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../../src/mock/start-mock.js';
import { launchChromium } from '../support/chromium.js';

let mock: RunningMock;
let page: Server;
let pageUrl: string;
let browser: Browser;

const PAGE = (mockUrl: string) => `<!doctype html><meta charset="utf-8"><title>frontend</title>
<pre id="out">pending</pre>
<script>
  async function call(init) {
    const response = await fetch('${mockUrl}/plants', { credentials: 'include', ...init });
    return { status: response.status, body: await response.json(), challenge: response.headers.get('www-authenticate') };
  }
  Promise.all([
    call({ method: 'POST', headers: { Authorization: 'Bearer browser-token', 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 1, name: 'Calathea', tag: 'indoor' }) }),
    call({ method: 'POST', headers: { Authorization: 'Bearer browser-token', 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 2 }) }),
    call({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
  ]).then((results) => { document.getElementById('out').textContent = JSON.stringify(results); },
          (error) => { document.getElementById('out').textContent = 'failed: ' + error; });
</script>`;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE(mock.url));
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  // "localhost" vs "127.0.0.1": a different origin from the mock's, as a dev server would be.
  pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  page?.close();
  await mock?.close();
});

test('a page from another origin reads the mock JSON with credentials', async () => {
  const tab = await browser.newPage();
  await tab.goto(pageUrl);
  // Runs in the page, hence a string: the test's TypeScript has no DOM types.
  await tab.waitForFunction("document.getElementById('out').textContent !== 'pending'", undefined, { timeout: 15_000 });
  const text = (await tab.textContent('#out')) ?? '';
  expect(text).not.toMatch(/^failed/);
  const [created, invalid, unauthorised] = JSON.parse(text) as Array<{
    status: number;
    body: unknown;
    challenge: string | null;
  }>;
  expect(created).toEqual({ status: 200, body: { name: 'Calathea', tag: 'indoor' }, challenge: null });
  expect(invalid).toEqual({
    status: 400,
    body: { error: 400, message: "body must have required property 'name'" },
    challenge: null,
  });
  expect(unauthorised).toEqual({
    status: 401,
    body: { error: 401, message: "missing Authorization header; send 'Authorization: Bearer <token>'" },
    challenge: 'Bearer realm="plantkit"',
  });
}, 30_000);
