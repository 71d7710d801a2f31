/**
 * The kit agrees with itself on generated specs (issue 18, section 7): `plantkit mock --stateful` of each
 * framework app's spec, a spec that documents no 404 and no 4xx, passes `plantkit contract` run against it,
 * both as a CI job would run them (the built CLI, as two processes).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reportFigures, runContractCli, startStatefulMock } from '../../scripts/framework-apps.mjs';
import { frameworkApps } from './apps/catalog.mjs';

describe.each(frameworkApps.map((app) => [app.name, app] as const))('plantkit mock --stateful of %s', (_name, app) => {
  let run: Awaited<ReturnType<typeof runContractCli>>;
  let figures: ReturnType<typeof reportFigures>;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'plantkit-frameworks-'));
    const mock = await startStatefulMock(app.specFile);
    try {
      run = await runContractCli({ spec: app.specFile, baseUrl: mock.url, directory });
    } finally {
      await mock.close();
    }
    figures = reportFigures(run.report, JSON.parse(await readFile(app.specFile, 'utf8')));
  }, 240_000);
  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  test('passes plantkit contract: exit 0', () => {
    expect(run.code, `${run.stdout.trim().split('\n').at(-1)}\n${[...figures.failures.keys()].join('\n')}`).toBe(0);
  });

  test('reports no failure', () => {
    expect([...figures.failures.keys()]).toEqual([]);
  });

  // Section 2: a stateful mock holds what the run created, so every operation can succeed.
  test('every operation reaches a 2xx', () => {
    expect(figures.coverage.reached).toEqual(figures.coverage.operations);
  });
});
