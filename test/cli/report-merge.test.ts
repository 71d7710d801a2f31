/**
 * plantkit report merge on real shards: three `--shard i/3` runs against
 * the catalog app with a broken error shape, each against a fresh app, and
 * the unsharded run beside them. The merge is one verdict (the unsharded
 * run's cases, signatures, spec gaps and exit status) in every format, and
 * reports that are not one run's shards are refused naming the file.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSchemaCompiler } from '../../src/core/validation/ajv.js';
import { CATALOG_API_KEY, CATALOG_BASIC, startCatalog } from '../apps/catalog.js';
import { runCli } from '../support/cli.js';
import { fixturePath } from '../support/mock.js';
import { NO_BUDGET_CUT_FLAGS } from '../support/no-budget-cut.js';

const SPEC = fixturePath('rich/catalog-3.1.yaml');
const env = {
  PLANTKIT_API_KEY: CATALOG_API_KEY,
  PLANTKIT_BASIC: `${CATALOG_BASIC.username}:${CATALOG_BASIC.password}`,
};

interface Report {
  tool: { version: string };
  spec: { digest: string };
  generated: { seed: number } | null;
  shard: { index: number; count: number } | null;
  summary: { total: number; passed: number; failed: number; skipped: number; notRun: number; specGaps: number };
  distinctFailures: Array<{ signature: string; cases: string[] }>;
  specGaps: Array<{ operation: string; status: number }>;
  merged?: Array<{ file: string; shard: string }>;
  coverage: { operations: number; reached: number; byOperation: Array<{ operation: string; reached: boolean }> };
  cases: Array<{ id: string }>;
}

let directory: string;
const exits: number[] = [];
let whole: Report;

/** A run against a fresh app, its JSON report in `name`. */
async function contract(name: string, extra: string[]): Promise<number> {
  const app = await startCatalog('wrong-problem-shape', { apiKey: CATALOG_API_KEY, basic: CATALOG_BASIC });
  try {
    const outcome = await runCli(
      [
        'contract',
        ...['--spec', SPEC, '--base-url', app.baseUrl, '--seed', '9', '--max-cases', '4', '--quiet'],
        // The merged shards are compared with the whole run case for case: no time budget may cut any of them.
        ...NO_BUDGET_CUT_FLAGS,
        ...['--reporter', 'json', '--output', path.join(directory, name)],
        ...extra,
      ],
      env,
    );
    return outcome.code;
  } finally {
    await app.close();
  }
}

const merge = (args: string[]) => runCli(['report', 'merge', ...args], {}, directory);
const read = async (name: string) => JSON.parse(await readFile(path.join(directory, name), 'utf8')) as Report;
const SHARDS = ['shard-1.json', 'shard-2.json', 'shard-3.json'];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-merge-'));
  exits.push(await contract('whole.json', []));
  for (const [index, name] of SHARDS.entries()) exits.push(await contract(name, ['--shard', `${index + 1}/3`]));
  whole = await read('whole.json');
}, 120_000);
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('plantkit report merge', () => {
  test('the merged shards are the unsharded run: cases, signatures, spec gaps and exit status', async () => {
    expect(exits[0]).toBe(1);
    const outcome = await merge([...SHARDS, '--reporter', 'json', '--output', 'merged.json']);
    expect(outcome).toMatchObject({ code: 1, stderr: '' });
    const merged = await read('merged.json');
    expect(merged.cases.map((item) => item.id).sort()).toEqual(whole.cases.map((item) => item.id).sort());
    expect(merged.distinctFailures.map((item) => item.signature).sort()).toEqual(
      whole.distinctFailures.map((item) => item.signature).sort(),
    );
    expect(merged.specGaps.map((gap) => `${gap.operation} ${gap.status}`).sort()).toEqual(
      whole.specGaps.map((gap) => `${gap.operation} ${gap.status}`).sort(),
    );
    const shards = await Promise.all(SHARDS.map(read));
    const sum = (key: 'passed' | 'failed' | 'skipped') =>
      shards.reduce((total, report) => total + report.summary[key], 0);
    expect(merged.summary).toMatchObject({ total: whole.cases.length, passed: sum('passed'), failed: sum('failed') });
    expect(merged.merged?.map((item) => item.shard)).toEqual(['1/3', '2/3', '3/3']);
    // Each operation's coverage comes from the shard that ran it: the same operations got a success.
    const reached = (report: Report) => report.coverage.byOperation.map((item) => [item.operation, item.reached]);
    expect(reached(merged)).toEqual(reached(whole));
    expect(merged.coverage).toMatchObject({ operations: whole.coverage.operations, reached: whole.coverage.reached });
    expect(merged.shard).toBeNull();
    const validate = createSchemaCompiler().compile(
      JSON.parse(await readFile('schemas/contract-report.schema.json', 'utf8')) as object,
    );
    expect(validate(merged), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(shards[0]), JSON.stringify(validate.errors)).toBe(true);
  });

  test('JUnit, HTML and console from the same merge', async () => {
    const outcome = await merge([
      ...SHARDS.slice().reverse(),
      ...['--reporter', 'junit', '--output', 'merged.xml', '--reporter', 'html', '--output', 'merged.html'],
      ...['--reporter', 'console'],
    ]);
    expect(outcome.code).toBe(1);
    const junit = (await parseJunit(await readFile(path.join(directory, 'merged.xml'), 'utf8'))) as {
      tests: number;
      failures: number;
    };
    const merged = await read('merged.json');
    expect(junit).toMatchObject({ tests: merged.summary.total, failures: merged.summary.failed });
    const html = await readFile(path.join(directory, 'merged.html'), 'utf8');
    expect(html).toContain('Merged from shard-1.json (shard 1/3), shard-2.json (shard 2/3), shard-3.json (shard 3/3)');
    expect(outcome.stdout).toMatch(
      /^plantkit report merge: Plant Catalog 2\.1\.0, \d+ cases from shard-1\.json \(shard 1\/3\)/,
    );
    expect(outcome.stdout).toContain(
      `${merged.summary.passed} passed, ${merged.summary.failed} failed (${merged.distinctFailures.length} distinct failures)`,
    );
  });

  /** A copy of shard 2 with `change` applied, written as `name`. */
  async function altered(name: string, change: (report: Report & Record<string, unknown>) => void): Promise<string> {
    const report = (await read('shard-2.json')) as Report & Record<string, unknown>;
    change(report);
    await writeFile(path.join(directory, name), JSON.stringify(report));
    return name;
  }

  test.each([
    [
      'a missing shard',
      async () => ['shard-1.json', 'shard-3.json'],
      () =>
        'plantkit: error: shard 2/3 is missing: the merged verdict would leave out its operations (give the reports of all 3 shards (a shard that failed to write its report must be run again))\n',
    ],
    [
      'a shard twice',
      async () => [...SHARDS, await altered('again-2.json', () => undefined)],
      () =>
        "plantkit: error: shard-2.json and again-2.json are both shard 2/3 (merge the JSON reports of one run's shards: the same spec, --seed, --fail-on and plantkit version, each shard once)\n",
    ],
    [
      'another seed',
      async () => [
        'shard-1.json',
        await altered('seed.json', (report) => (report.generated = { ...report.generated!, seed: 10 })),
        'shard-3.json',
      ],
      () =>
        "plantkit: error: seed.json ran with --seed 10, shard-1.json with --seed 9: they are not shards of one run (merge the JSON reports of one run's shards: the same spec, --seed, --fail-on and plantkit version, each shard once)\n",
    ],
    [
      'another plantkit version',
      async () => [
        'shard-1.json',
        await altered('version.json', (report) => (report.tool = { ...report.tool, version: '9.9.9' })),
        'shard-3.json',
      ],
      () =>
        `plantkit: error: version.json was written by plantkit 9.9.9, shard-1.json by plantkit ${whole.tool.version}: they are not shards of one run (merge the JSON reports of one run's shards: the same spec, --seed, --fail-on and plantkit version, each shard once)\n`,
    ],
    [
      'another spec',
      async () => [
        'shard-1.json',
        await altered('spec.json', (report) => (report.spec = { ...report.spec, digest: `sha256:${'0'.repeat(64)}` })),
        'shard-3.json',
      ],
      () =>
        `plantkit: error: spec.json is a report of Plant Catalog 2.1.0 (sha256:000000000000…), shard-1.json of Plant Catalog 2.1.0 (${whole.spec.digest.slice(0, 19)}…): they are not shards of one run (merge the JSON reports of one run's shards: the same spec, --seed, --fail-on and plantkit version, each shard once)\n`,
    ],
    [
      'not a report',
      async () => {
        await writeFile(path.join(directory, 'other.json'), '{"openapi": "3.1.0"}');
        return ['shard-1.json', 'other.json'];
      },
      () =>
        'plantkit: error: other.json is not a plantkit contract report (schemas/contract-report.schema.json, reportVersion 1) (give the files plantkit contract --reporter json --output wrote)\n',
    ],
    [
      'a file that is not there',
      async () => ['shard-1.json', 'nowhere.json'],
      () =>
        "plantkit: error: cannot read nowhere.json: ENOENT (merge the JSON reports of one run's shards: the same spec, --seed, --fail-on and plantkit version, each shard once)\n",
    ],
  ])('%s: exit 2 naming the file', async (_name, files, stderr) => {
    const outcome = await merge([...(await files()), '--reporter', 'json', '--output', 'refused.json']);
    expect(outcome).toEqual({ code: 2, stdout: '', stderr: stderr() });
  });

  test('--reporter har is refused before any file is read', async () => {
    const outcome = await merge(['nowhere.json', '--reporter', 'har', '--output', 'merged.har']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toBe(
      'plantkit: error: report merge cannot write a HAR file: the JSON reports keep the failing exchanges only (write one with --reporter har --output shard-N.har in each shard; a HAR viewer opens several)\n',
    );
  });
});
