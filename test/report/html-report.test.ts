/**
 * --reporter html in Debian's Chromium (playwright-core, as the mock's CORS
 * test): a real run against the catalog app with a broken error shape, the
 * page opened from its file. It loads with no console error and no request
 * but its own file, the summary says what the JSON report says, the three
 * filters hide what they should, the copy button copies the curl line, and
 * a 1280×800 screenshot is written for a person to look at
 * (PLANTKIT_SCREENSHOT=FILE keeps a copy).
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOG_API_KEY, CATALOG_BASIC, startCatalog } from '../apps/catalog.js';
import { launchChromium } from '../support/chromium.js';
import { runCli } from '../support/cli.js';
import { fixturePath } from '../support/mock.js';

const SPEC = fixturePath('rich/catalog-3.1.yaml');

let directory: string;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const requests: string[] = [];
let report: {
  summary: { passed: number; failed: number; distinctFailures: number; specGaps: number };
  distinctFailures: Array<{ signature: string; operation: string; check: string }>;
  specGaps: Array<{ operation: string }>;
  generated: { seed: number };
};

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-html-'));
  const app = await startCatalog('wrong-problem-shape', { apiKey: CATALOG_API_KEY, basic: CATALOG_BASIC });
  try {
    const outcome = await runCli(
      [
        'contract',
        ...['--spec', SPEC, '--base-url', app.baseUrl, '--seed', '3', '--max-cases', '5', '--quiet'],
        ...['--reporter', 'html', '--output', path.join(directory, 'report.html')],
        ...['--reporter', 'json', '--output', path.join(directory, 'report.json')],
      ],
      {
        PLANTKIT_API_KEY: CATALOG_API_KEY,
        PLANTKIT_BASIC: `${CATALOG_BASIC.username}:${CATALOG_BASIC.password}`,
      },
    );
    expect(outcome.code).toBe(1);
  } finally {
    await app.close();
  }
  report = JSON.parse(await readFile(path.join(directory, 'report.json'), 'utf8')) as typeof report;
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(path.join(directory, 'report.html')).href);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** Visible elements matching `selector`, with their data-* attributes. */
async function visible(selector: string): Promise<Array<{ op: string; checks: string; classes: string }>> {
  return page.$$eval(selector, (elements) =>
    elements
      .filter((element) => !element.classList.contains('hidden'))
      .map((element) => ({
        op: element.getAttribute('data-op') ?? '',
        checks: element.getAttribute('data-checks') ?? '',
        classes: element.getAttribute('data-classes') ?? '',
      })),
  );
}

describe('the HTML report in Chromium', () => {
  test('loads with no console error and no request but its own file', async () => {
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(path.join(directory, 'report.html')).href]);
  });

  test("the summary and the failures are the JSON report's", async () => {
    expect(report.summary.failed).toBeGreaterThan(0);
    const tiles = await page.$$eval('.tile', (elements) => elements.map((element) => element.textContent));
    expect(tiles).toEqual(
      expect.arrayContaining([
        `${report.summary.passed}passed`,
        `${report.summary.failed}failed`,
        `${report.summary.distinctFailures}distinct failures`,
        `${report.summary.specGaps}spec gaps`,
      ]),
    );
    const signatures = await page.$$eval('.card:not(.spec-gap):not(.warning) h3 code', (elements) =>
      elements.map((element) => element.textContent),
    );
    expect(signatures).toEqual(report.distinctFailures.map((failure) => failure.signature));
    expect(await page.textContent('header')).toContain(`--seed ${report.generated.seed}`);
  });

  test('filters by operation, check and verdict class', async () => {
    const failure = report.distinctFailures[0]!;
    await page.selectOption('#filter-operation', failure.operation);
    const byOperation = await visible('[data-op]');
    expect(byOperation.length).toBeGreaterThan(0);
    expect(new Set(byOperation.map((item) => item.op))).toEqual(new Set([failure.operation]));
    await page.selectOption('#filter-operation', '');

    await page.selectOption('#filter-check', failure.check);
    const byCheck = await visible('.card');
    expect(byCheck.length).toBeGreaterThan(0);
    for (const item of byCheck) expect(item.checks.split(' ')).toContain(failure.check);
    await page.selectOption('#filter-check', '');

    await page.selectOption('#filter-class', 'spec-gap');
    const gaps = await visible('.card');
    expect(report.specGaps.length).toBeGreaterThan(0);
    expect(await visible('.card.spec-gap')).toHaveLength(report.specGaps.length);
    for (const item of gaps) expect(item.classes.split(' ')).toContain('spec-gap');
    await page.selectOption('#filter-class', 'failure');
    expect((await visible('.card')).every((item) => item.classes.split(' ').includes('failure'))).toBe(true);
    expect(await page.isVisible('#empty')).toBe(false);
    await page.selectOption('#filter-class', '');
    expect(consoleErrors).toEqual([]);
  });

  test('the copy button copies the curl line', async () => {
    const button = page.locator('button[data-copy]').first();
    const curl = await page.textContent(`#${await button.getAttribute('data-copy')}`);
    expect(curl).toMatch(/^curl /);
    await button.click();
    await expect.poll(() => button.textContent()).toBe('copied');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(curl);
  });

  test('a 1280×800 screenshot', async () => {
    const file = path.join(directory, 'report.png');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: file });
    expect((await readFile(file)).length).toBeGreaterThan(10_000);
    if (process.env.PLANTKIT_SCREENSHOT) await copyFile(file, process.env.PLANTKIT_SCREENSHOT);
  });
});
