/**
 * How a run ends and how fast it sends: a dead target stops it after three
 * requests without a response, --max-duration bounds it, a wrong base URL
 * gets a hint, --workers and --rate-limit set the pace.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP_TOKEN, startPlantStore } from '../apps/plant-store.js';
import { runCli } from '../support/cli.js';
import { startCountingProxy, startDeadTarget } from '../support/fronts.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const env = { PLANTKIT_TOKEN: APP_TOKEN };

describe('a dead target', () => {
  test('accepts connections and never answers: 3 requests, then the rest (19 static, 60 generated) is not run, in one line', async () => {
    const dead = await startDeadTarget();
    try {
      const outcome = await runCli(['contract', '--base-url', dead.url, '--timeout', '200'], env);
      expect(outcome.code).toBe(1);
      expect(dead.requests()).toBe(3);
      expect(outcome.stdout).toContain(
        '\nstopped: 3 requests in a row got no response (last: timeout: no complete response within 200 ms); 79 cases not run\n',
      );
      expect(outcome.stdout).toMatch(/\n0 passed, 3 failed \(1 distinct failure\), 79 not run in \d+\.\d s\n$/);
      // The not-run cases are counted, not listed.
      expect(outcome.stdout).not.toContain('SKIP');
    } finally {
      await dead.close();
    }
  });
});

describe('--max-duration', () => {
  test('stops sending when the budget is spent; what ran is reported, the rest is not run', async () => {
    const app = await startPlantStore('slow-150ms');
    try {
      const outcome = await runCli(
        ['contract', '--base-url', app.url, '--no-generated', '--max-duration', '400ms'],
        env,
      );
      expect(outcome.stdout).toMatch(/\nstopped: --max-duration 400 ms reached; \d+ cases not run\n/);
      const notRun = Number(/, (\d+) not run in/.exec(outcome.stdout)?.[1]);
      expect(notRun).toBeGreaterThan(0);
      expect(app.requests.length).toBeLessThan(22);
      expect(outcome.code).toBe(0);
    } finally {
      await app.close();
    }
  });

  test.each([['soon'], ['0'], ['-5s']])('--max-duration %s is a usage error', async (value) => {
    const outcome = await runCli(['contract', '--base-url', 'http://127.0.0.1:9', '--max-duration', value], env);
    expect(outcome).toEqual({
      code: 2,
      stdout: '',
      stderr: `plantkit: error: --max-duration must be a duration such as 90s, 5m or 1500ms, got '${value}'\n`,
    });
  });
});

describe('every request got 404', () => {
  test('the hint asks about a missing path prefix', async () => {
    const app = await startPlantStore();
    try {
      const outcome = await runCli(['contract', '--base-url', `${app.url}/api`, '--no-generated'], env);
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toContain('\nhint: every request got 404: is --base-url missing a path prefix?\n');
    } finally {
      await app.close();
    }
  });

  test("and names the prefix the spec's servers give", async () => {
    const directory = await temporaryDirectory('prefix');
    const spec = (await readFile('openapi.yaml', 'utf8')).replace("url: '{base_url}'", "url: '{base_url}/v1'");
    await writeFile(path.join(directory, 'openapi.yaml'), spec);
    const app = await startPlantStore();
    try {
      const outcome = await runCli(
        ['contract', '--base-url', `${app.url}/api`, '--no-generated', '--spec', path.join(directory, 'openapi.yaml')],
        env,
      );
      expect(outcome.stdout).toContain(
        "\nhint: every request got 404: is --base-url missing a path prefix (the spec's servers say /v1)?\n",
      );
    } finally {
      await app.close();
    }
  });
});

describe('--workers and --rate-limit', () => {
  /** The report without its timings. */
  const report = (stdout: string, url: string) => stdout.replaceAll(url, 'URL').replace(/in \d+\.\d s/, 'in T s');

  test('--workers 4 sends cases concurrently and reports them in case order, as --workers 1 does', async () => {
    const app = await startPlantStore('slow-150ms');
    const proxy = await startCountingProxy(app.url);
    try {
      const sequential = await runCli(['contract', '--base-url', proxy.url, '--no-generated'], env);
      expect(proxy.maxInFlight()).toBe(1);
      const parallel = await runCli(['contract', '--base-url', proxy.url, '--no-generated', '--workers', '4'], env);
      expect(proxy.maxInFlight()).toBe(4);
      expect(parallel.code).toBe(0);
      expect(report(parallel.stdout, proxy.url)).toBe(report(sequential.stdout, proxy.url));
    } finally {
      await proxy.close();
      await app.close();
    }
  });

  test('--rate-limit 20/s spaces requests 50 ms apart on average', async () => {
    const app = await startPlantStore();
    const proxy = await startCountingProxy(app.url);
    try {
      const outcome = await runCli(
        [
          'contract',
          '--base-url',
          proxy.url,
          '--no-generated',
          '--only',
          'positive',
          '--rate-limit',
          '20/s',
          '--workers',
          '4',
        ],
        env,
      );
      expect(outcome.code).toBe(0);
      expect(proxy.arrivals).toHaveLength(4);
      // The span, not each gap: requests leave 50 ms apart, but the first one also opens a
      // connection, so its arrival can lag by tens of milliseconds and shorten the span. Without
      // the limit four requests arrive within a few milliseconds; at 20/s they span three
      // intervals (150 ms), less whatever the first one lost on the way.
      const span = proxy.arrivals.at(-1)! - proxy.arrivals[0]!;
      expect(span).toBeGreaterThanOrEqual(100);
    } finally {
      await proxy.close();
      await app.close();
    }
  });

  test.each([
    [['--workers', '0'], "--workers must be an integer >= 1, got '0'"],
    [['--workers', '65'], '--workers must be an integer from 1 to 64, got 65'],
    [['--rate-limit', 'fast'], "--rate-limit must be a rate such as 10/s or 30/m, got 'fast'"],
  ])('%j is a usage error', async (flags, message) => {
    const outcome = await runCli(['contract', '--base-url', 'http://127.0.0.1:9', ...flags], env);
    expect(outcome).toEqual({ code: 2, stdout: '', stderr: `plantkit: error: ${message}\n` });
  });
});
