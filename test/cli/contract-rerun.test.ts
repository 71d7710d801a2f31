/**
 * Issue 18 section 5: `plantkit contract --rerun-failed REPORT.json` sends
 * again exactly the failed cases (and failed stateful sequences) of an
 * earlier JSON report, each after the producer steps that give it a live
 * resource again, and reports as usual; a report that is none, or that
 * names an operation the spec no longer has, is exit 2 before any request.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { startTodosApp, type TodosApp, type TodosVariant } from '../contract/producers/todos-files-app.js';
import { runCli } from '../support/cli.js';
import { TARGETS } from '../support/rich-targets.js';

const SPEC = 'test/fixtures/producers/todos-files-3.0.yaml';

interface Report {
  cases: Array<{ id: string; verdict: string; replay: { request: { headers: Record<string, string> } } | null }>;
  summary: { failed: number };
  rerun: { file: string; cases: number; sequences: number } | null;
}

let directory: string;
const apps: TodosApp[] = [];
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-rerun-'));
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await rm(directory, { recursive: true, force: true });
});

async function app(variant: TodosVariant): Promise<TodosApp> {
  const started = await startTodosApp(variant);
  apps.push(started);
  return started;
}

/** `plantkit contract` against `target` with a JSON report written to `report`. */
function contract(target: TodosApp, report: string, extra: string[] = [], spec = SPEC) {
  return runCli([
    'contract',
    '--base-url',
    target.url,
    '--spec',
    spec,
    '--no-contracts',
    '--max-cases',
    '10',
    '--quiet',
    '--reporter',
    'console',
    '--reporter',
    'json',
    '--output',
    report,
    ...extra,
  ]);
}

const readReport = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Report;

describe('--rerun-failed', () => {
  test('sends again only the failed cases and sequences, each reaching a live todo again', async () => {
    const [first, second] = [path.join(directory, 'first.json'), path.join(directory, 'second.json')];
    const broken = await app('update-500');
    expect((await contract(broken, first, ['--seed', '3'])).code).toBe(1);
    const failed = (await readReport(first)).cases.filter((item) => item.verdict === 'failed').map((item) => item.id);
    expect(failed).toContain('updateTodo/positive/minimal');
    expect(failed).toContain('createTodo/stateful/todos/lifecycle');

    const again = await app('update-500');
    const outcome = await contract(again, second, ['--rerun-failed', first]);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toContain(
      `rerun of the failed cases of ${first}: ${failed.length - 1} cases, 1 sequence (seed 3)`,
    );
    const rerun = await readReport(second);
    expect(rerun.rerun).toMatchObject({ file: first, cases: failed.length - 1, sequences: 1 });
    expect(rerun.cases.map((item) => item.id)).toEqual(failed);
    expect(rerun.cases.every((item) => item.verdict === 'failed')).toBe(true);
    // The server had no todo: each update reached one its producer step created again.
    const puts = again.log.filter((line) => line.startsWith('PUT '));
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.every((line) => line.endsWith(' stored'))).toBe(true);

    // Fixed: the same rerun passes.
    const fixed = await app('correct');
    const green = await contract(fixed, path.join(directory, 'third.json'), ['--rerun-failed', first]);
    expect(green.code, green.stdout).toBe(0);
    expect(green.stdout).toMatch(new RegExp(`\\n${failed.length} passed, 0 failed in `));
  });

  test('a report that names an operation the spec no longer has: which case, exit 2, no request', async () => {
    const report = path.join(directory, 'first.json');
    const broken = await app('update-500');
    await contract(broken, report, ['--seed', '3', '--no-stateful']);
    const document = parse(await readFile(SPEC, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    delete document.paths['/todos/{id}']!.put;
    const changed = path.join(directory, 'spec.yaml');
    await writeFile(changed, stringify(document));
    const target = await app('correct');
    const outcome = await contract(target, path.join(directory, 'second.json'), ['--rerun-failed', report], changed);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(
      /^plantkit: error: .*first\.json: case updateTodo\/positive\/minimal names operation updateTodo, which Todos and files no longer has \(/,
    );
    expect(target.requests).toEqual([]);
  });

  test.each<[string, string, RegExp]>([
    ['not JSON', 'plants,pots\n', /^plantkit: error: .*report\.json is not a plantkit contract report: /],
    [
      'JSON of something else',
      '{"openapi":"3.1.0"}',
      /^plantkit: error: .*report\.json is not a plantkit contract report \(/,
    ],
  ])('%s: exit 2, no request', async (_name, text, message) => {
    const report = path.join(directory, 'report.json');
    await writeFile(report, text);
    const target = await app('correct');
    const outcome = await contract(target, path.join(directory, 'out.json'), ['--rerun-failed', report]);
    expect([outcome.code, outcome.stderr]).toEqual([2, expect.stringMatching(message)]);
    expect(target.requests).toEqual([]);
  });

  test('a report file that does not exist: exit 2, no request', async () => {
    const target = await app('correct');
    const missing = path.join(directory, 'missing.json');
    const outcome = await contract(target, path.join(directory, 'out.json'), ['--rerun-failed', missing]);
    expect([outcome.code, outcome.stderr]).toEqual([
      2,
      expect.stringMatching(
        /^plantkit: error: --rerun-failed: cannot read .*missing\.json: ENOENT \(give the JSON report of a plantkit contract run/,
      ),
    ]);
    expect(target.requests).toEqual([]);
  });

  test('secrets stay references in the report; the rerun reads them from the environment again', async () => {
    const report = path.join(directory, 'catalog.json');
    const catalog = await TARGETS.catalog.start('no-location', true);
    try {
      const args = [
        'contract',
        '--base-url',
        new URL(catalog.url).origin,
        '--spec',
        TARGETS.catalog.spec,
        '--no-contracts',
        '--max-cases',
        '5',
        '--quiet',
        '--reporter',
        'json',
        '--output',
        report,
      ];
      expect((await runCli(args, TARGETS.catalog.env)).code).toBe(1);
      const text = await readFile(report, 'utf8');
      for (const secret of Object.values(TARGETS.catalog.env)) expect(text).not.toContain(secret);
      expect(text).toContain('${PLANTKIT_API_KEY}');
      const rerunArgs = [
        ...args.slice(0, -2),
        '--output',
        path.join(directory, 'again.json'),
        '--rerun-failed',
        report,
      ];
      const missing = await runCli(rerunArgs, { PLANTKIT_BASIC: TARGETS.catalog.env.PLANTKIT_BASIC! });
      expect([missing.code, missing.stderr]).toEqual([
        2,
        expect.stringMatching(/sends \$PLANTKIT_API_KEY, which is not set/),
      ]);
      const again = await runCli(rerunArgs, TARGETS.catalog.env);
      expect(again.code).toBe(1);
      const rerun = await readReport(path.join(directory, 'again.json'));
      expect(rerun.cases.length).toBeGreaterThan(0);
      expect(rerun.cases.every((item) => item.verdict === 'failed')).toBe(true);
    } finally {
      await catalog.close();
    }
  });
});
