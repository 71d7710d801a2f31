/**
 * Issue 13: a failed stateful sequence as users read it. The console shows
 * the shrunk sequence, the seed that replays it and a curl line per step;
 * the JSON report (valid against its schema) and the JUnit one hold the same
 * steps; no credential appears anywhere, curl lines name the variable.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createSchemaCompiler } from '../../src/core/validation/ajv.js';
import { CATALOG_API_KEY, startCatalog } from '../apps/catalog.js';
import { runCli } from '../support/cli.js';

const validateReport = createSchemaCompiler().compile(
  JSON.parse(await readFile('schemas/contract-report.schema.json', 'utf8')) as object,
);

test('a second delete answered 204: three steps, each with its curl line, in every report', async () => {
  const app = await startCatalog('second-delete-204', { apiKey: CATALOG_API_KEY });
  const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-stateful-report-'));
  try {
    const argv = [
      'contract',
      '--base-url',
      app.url,
      '--spec',
      'test/fixtures/rich/catalog-3.1.yaml',
      '--no-contracts',
      '--seed',
      '5',
      '--max-cases',
      '20',
      '--phases',
      'stateful',
      '--quiet',
    ];
    const outcome = await runCli(
      [
        ...argv,
        '--reporter',
        'console',
        '--reporter',
        'json',
        '--output',
        path.join(directory, 'report.json'),
        '--reporter',
        'junit',
        '--output',
        path.join(directory, 'junit.xml'),
      ],
      { PLANTKIT_API_KEY: CATALOG_API_KEY },
    );
    expect(outcome.code).toBe(1);
    const block = outcome.stdout.slice(outcome.stdout.indexOf('  FAIL  stateful/plants/lifecycle'));
    const lines = block.split('\n').slice(0, 12);
    expect(lines[0]).toBe('  FAIL  stateful/plants/lifecycle  create → delete → delete -> 204');
    expect(lines[1]).toMatch(
      /^ {8}second-delete-not-found: a second delete of the plant deleted in step 2 \(id \d+\) got 204$/,
    );
    expect(lines[2]).toBe('          received:   status 204');
    expect(lines[3]).toBe('          documented: 404: there is nothing left to delete');
    expect(lines[4]).toMatch(
      /^ {8}sequence: {3}3 steps, shrunk from 16 in \d+ runs?; seed 5 \(replay with --seed 5; \d+ requests on plants\)$/,
    );
    expect(lines[5]).toBe('        step 1:     create plant #1 -> 201');
    expect(lines[6]).toMatch(
      /^ {10}reproduce: curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/plants' .*-H "x-api-key: \$PLANTKIT_API_KEY" -H 'User-Agent:' --data-binary '\{"name":"plantkit sample","tag":"indoor".*\}'$/,
    );
    expect(lines[7]).toBe('        step 2:     delete plant #1 -> 204');
    expect(lines[8]).toMatch(/^ {10}reproduce: curl -i -X DELETE 'http:\/\/127\.0\.0\.1:\d+\/v1\/plants\/(\d+)' /);
    expect(lines[9]).toBe('        step 3:     delete plant #1 -> 204 (failed)');
    expect(lines[10]).toBe(lines[8]);
    expect(lines[11]).toBe(
      '        ids in later steps are the ones earlier steps got back: a replay by hand uses its own',
    );

    const report = JSON.parse(await readFile(path.join(directory, 'report.json'), 'utf8')) as {
      cases: Array<{
        id: string;
        kind: string;
        sequence: { steps: Array<{ title: string; status: number; curl: string }> } | null;
      }>;
    };
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    const recorded = report.cases.find((item) => item.id === 'createPlant/stateful/plants/lifecycle')!;
    expect(recorded.sequence!.steps.map((step) => `${step.title} ${step.status}`)).toEqual([
      'create plant #1 201',
      'delete plant #1 204',
      'delete plant #1 204',
    ]);
    expect(recorded.sequence!.steps.every((step) => step.curl.includes('$PLANTKIT_API_KEY'))).toBe(true);
    const junit = await readFile(path.join(directory, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/step 3: delete plant #1 -&gt; 204 \(failed\): curl -i -X DELETE/);

    for (const text of [outcome.stdout, outcome.stderr, JSON.stringify(report), junit])
      expect(text).not.toContain(CATALOG_API_KEY);
  } finally {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  }
});
