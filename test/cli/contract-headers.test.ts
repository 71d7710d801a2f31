/**
 * --header: extra headers on every request, values from the environment,
 * and credential-like values in no output, report or curl line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP_TOKEN, startPlantStore } from '../apps/plant-store.js';
import { runCli } from '../support/cli.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const API_KEY = 'k3y-6d1e0f9a2b';
const COOKIE = 'session=c00kie-77e1';

describe('--header', () => {
  test('every request carries the headers; credential values appear in no output, report or curl line', async () => {
    const directory = await temporaryDirectory('headers');
    const app = await startPlantStore('wrong-200-shape');
    try {
      const outcome = await runCli(
        [
          'contract',
          '--base-url',
          app.url,
          '--no-generated',
          '--spec',
          path.resolve('openapi.yaml'),
          '--header',
          'X-Api-Key: ${API_KEY}',
          '--header',
          `Cookie: ${COOKIE}`,
          '--header',
          'X-Tenant: greenhouse',
          '--reporter',
          'console',
          '--reporter',
          'json',
          '--output',
          'report.json',
          '--reporter',
          'junit',
          '--output',
          'junit.xml',
          '--reporter',
          'github',
          '--output',
          'summary.md',
        ],
        { PLANTKIT_TOKEN: APP_TOKEN, API_KEY },
        directory,
      );
      expect(outcome.code).toBe(1);
      for (const request of app.requests) {
        expect(request.headers).toMatchObject({ 'x-api-key': API_KEY, cookie: COOKIE, 'x-tenant': 'greenhouse' });
      }
      // The curl line still runs: the key comes from the variable it was given in.
      expect(outcome.stdout).toContain(`-H "x-api-key: $API_KEY" -H "cookie: ***" -H 'x-tenant: greenhouse'`);
      const reports = await Promise.all(
        ['report.json', 'junit.xml', 'summary.md'].map((file) => readFile(path.join(directory, file), 'utf8')),
      );
      for (const text of [outcome.stdout, outcome.stderr, ...reports]) {
        expect(text).not.toContain(API_KEY);
        expect(text).not.toContain('c00kie-77e1');
        expect(text).not.toContain(APP_TOKEN);
      }
      const json = JSON.parse(reports[0]!) as { cases: Array<{ request: { headers: Record<string, string> } }> };
      expect(json.cases[0]!.request.headers).toMatchObject({
        'x-api-key': '***',
        cookie: '***',
        'x-tenant': 'greenhouse',
      });
    } finally {
      await app.close();
    }
  });

  test('an Authorization header stands in for the token, and auth cases still leave it out', async () => {
    const app = await startPlantStore();
    try {
      const outcome = await runCli(
        ['contract', '--base-url', app.url, '--no-generated', '--header', 'Authorization: Bearer ${STAGING_TOKEN}'],
        { STAGING_TOKEN: APP_TOKEN },
      );
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toContain('PASS  auth/missing');
      expect(outcome.stdout).toContain('PASS  positive/minimal');
      expect(outcome.stdout).not.toContain(APP_TOKEN);
      const missing = app.requests.filter((request) => request.headers.authorization === undefined);
      expect(missing).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  test.each([
    [
      'not Name: value',
      ['--header', 'X-Api-Key'],
      "plantkit: error: --header 'X-Api-Key' is not 'Name: value' (e.g. --header 'X-Api-Key: ${API_KEY}')\n",
    ],
    [
      'an unset variable',
      ['--header', 'X-Api-Key: ${NOPE}'],
      'plantkit: error: --header X-Api-Key uses ${NOPE}, which is not set (export NOPE=... or write the value itself)\n',
    ],
    [
      'a bad name',
      ['--header', 'X Api: 1'],
      "plantkit: error: --header name 'X Api' is not a valid header name (write it as 'Name: value')\n",
    ],
  ])('%s: one line, exit 2, before any request', async (_name, flags, stderr) => {
    const app = await startPlantStore();
    try {
      const outcome = await runCli(['contract', '--base-url', app.url, ...flags], { PLANTKIT_TOKEN: APP_TOKEN });
      expect(outcome).toEqual({ code: 2, stdout: '', stderr });
      expect(app.requests).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
