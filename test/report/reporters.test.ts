/**
 * The file reporters on real runs: JSON valid against its published schema,
 * JUnit read by a JUnit parser, GitHub annotations and step summary, and
 * the token in none of them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { createSchemaCompiler } from '../../src/core/validation/ajv.js';
import { createGithubReporter } from '../../src/report/github-reporter.js';
import { createJsonReporter } from '../../src/report/json-reporter.js';
import { createJunitReporter } from '../../src/report/junit-reporter.js';
import type { Reporter } from '../../src/report/reporter.js';
import { APP_TOKEN, startPlantStore, type Variant } from '../apps/plant-store.js';
import { lineOf } from '../support/spec-lines.js';

interface Outputs {
  json: Record<string, unknown>;
  jsonText: string;
  junit: string;
  annotations: string;
  summary: string;
}

async function reportsFor(variant: Variant, generated = false): Promise<Outputs> {
  const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-reports-'));
  const files = {
    json: path.join(directory, 'out/report.json'),
    junit: path.join(directory, 'junit.xml'),
    summary: path.join(directory, 'summary.md'),
  };
  let annotations = '';
  const reporters: Reporter[] = [
    createJsonReporter({ target: { file: files.json }, token: APP_TOKEN, tokenEnv: 'PLANTKIT_TOKEN' }),
    createJunitReporter({ target: { file: files.junit }, token: APP_TOKEN, tokenEnv: 'PLANTKIT_TOKEN' }),
    createGithubReporter({
      out: { write: (text: string) => (annotations += text) },
      summaryFile: files.summary,
      token: APP_TOKEN,
      tokenEnv: 'PLANTKIT_TOKEN',
      cwd: process.cwd(),
    }),
  ];
  const app = await startPlantStore(variant);
  try {
    await runContract({
      baseUrl: app.url,
      spec: 'openapi.yaml',
      token: APP_TOKEN,
      generated,
      seed: 7,
      onEvent: (event) => {
        for (const reporter of reporters) reporter.onEvent(event);
      },
    });
  } finally {
    await app.close();
  }
  for (const reporter of reporters) await reporter.close();
  try {
    const jsonText = await readFile(files.json, 'utf8');
    return {
      json: JSON.parse(jsonText) as Record<string, unknown>,
      jsonText,
      junit: await readFile(files.junit, 'utf8'),
      annotations,
      summary: await readFile(files.summary, 'utf8'),
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The line of `post:` (the addPlant operation) in openapi.yaml. */
const [POST_LINE] = lineOf('    post:', 0);
const validateReport = createSchemaCompiler().compile(
  JSON.parse(await readFile('schemas/contract-report.schema.json', 'utf8')) as object,
);

describe('a run against a broken server', async () => {
  const outputs = await reportsFor('wrong-200-shape');

  test('JSON validates against schemas/contract-report.schema.json and holds the failures', () => {
    expect(validateReport(outputs.json), JSON.stringify(validateReport.errors)).toBe(true);
    expect(outputs.json).toMatchObject({ reportVersion: 1, reportMinorVersion: 1, failOn: 'failure' });
    expect(outputs.json.summary).toEqual({
      total: 22,
      passed: 14,
      failed: 8,
      skipped: 0,
      notRun: 0,
      distinctFailures: 1,
      specGaps: 1,
      findingsByClass: { failure: 8, specGap: 4, warning: 0 },
    });
    expect(outputs.json.distinctFailures).toEqual([
      expect.objectContaining({ signature: 'addPlant response-schema 2xx /name', status: '2xx', pointer: '/name' }),
    ]);
    expect((outputs.json.distinctFailures as Array<{ cases: string[] }>)[0]!.cases).toHaveLength(8);
    // The Plant Store documents no 401: the four auth cases are one spec gap, with severity warning for readers of 1.0.
    expect(outputs.json.specGaps).toEqual([
      expect.objectContaining({
        operation: 'addPlant',
        status: 401,
        fix: 'document 401 on addPlant',
        responses: 4,
        bodies: [{ mediaType: 'application/json', body: '{"error":401,"message":"missing or invalid bearer token"}' }],
      }),
    ]);
    const cases = outputs.json.cases as Array<{
      id: string;
      verdict: string;
      findings: Array<{ check: string; pointer: string }>;
      curl: string | null;
    }>;
    const minimal = cases.find((item) => item.id === 'addPlant/positive/minimal')!;
    expect(minimal.verdict).toBe('failed');
    expect(minimal.findings).toEqual([
      expect.objectContaining({ check: 'response-schema', pointer: '/name', severity: 'error', class: 'failure' }),
    ]);
    const missing = cases.find((item) => item.id === 'addPlant/auth/missing')!;
    expect(missing.verdict).toBe('passed');
    expect(missing.findings).toEqual([
      expect.objectContaining({ check: 'status-documented', severity: 'warning', class: 'spec-gap' }),
    ]);
    expect(minimal.curl).toContain('$PLANTKIT_TOKEN');
  });

  test('JUnit is read by a JUnit parser, one testcase per case, grouped by operation, failure naming check, pointer, received and documented', async () => {
    const parsed = (await parseJunit(outputs.junit)) as {
      tests: number;
      failures: number;
      testsuite: Array<{
        name: string;
        tests: number;
        failures: number;
        testcase: Array<{ name: string; failure?: Array<{ message: string; type: string; inner: string }> }>;
      }>;
    };
    expect(parsed).toMatchObject({ tests: 22, failures: 8 });
    expect(parsed.testsuite).toHaveLength(1);
    const [suite] = parsed.testsuite;
    expect(suite).toMatchObject({ name: 'addPlant POST /plants', tests: 22, failures: 8 });
    // The spec gap does not fail: it is a suite property and a paragraph of the suite's output.
    expect(outputs.junit).toContain(
      '<property name="specGap" value="document 401 on addPlant: the request carried no valid credentials"/>',
    );
    expect(outputs.junit).toContain(
      '<property name="distinctFailure" value="addPlant response-schema 2xx /name: 8 cases"/>',
    );
    expect(outputs.junit).toMatch(
      /<system-out>spec gap: document 401 on addPlant: [^<]*<\/system-out>\n {2}<\/testsuite>/,
    );
    const failing = suite!.testcase.find((testcase) => testcase.name.startsWith('positive/minimal:'))!;
    expect(failing.failure?.[0]?.type).toBe('response-schema');
    expect(failing.failure?.[0]?.message).toBe(
      'response-schema /name: body must have required property \'name\' (status 200) (received absent from {"title":"plantkit sample"}; documented must have required property \'name\')',
    );
    expect(failing.failure?.[0]?.inner).toContain('reproduce: curl -i -X POST');
    expect(failing.failure?.[0]?.inner).toContain(
      'signature: addPlant response-schema 2xx /name (8 cases with this failure)',
    );
  });

  test('GitHub: an error annotation on the operation line of openapi.yaml, and a markdown summary', () => {
    const lines = outputs.annotations.trim().split('\n');
    // Eight failed cases, and the spec gap as a notice.
    expect(lines).toHaveLength(9);
    expect(lines[8]).toMatch(
      new RegExp(
        `^::notice file=openapi\\.yaml,line=${POST_LINE},title=plantkit contract%3A spec gap 401 on addPlant::document 401 on addPlant: the request carried no valid credentials`,
      ),
    );
    expect(lines[0]).toMatch(
      new RegExp(
        `^::error file=openapi\\.yaml,line=${POST_LINE},title=plantkit contract%3A addPlant/positive/example/monstera::response-schema /name: `,
      ),
    );
    expect(outputs.summary).toMatch(
      /^### ❌ plantkit contract: 14 passed, 8 failed \(1 distinct failure\); 1 spec gap\n\nPlant Store 1\.0\.0 against http:\/\/127\.0\.0\.1:\d+\n\n```\n1 distinct failure/,
    );
    expect(outputs.summary).toContain('| `addPlant/positive/minimal` | response-schema | `/name` |');
  });

  test('the token appears in no output', () => {
    for (const text of [outputs.jsonText, outputs.junit, outputs.annotations, outputs.summary])
      expect(text).not.toContain(APP_TOKEN);
  });
});

describe('a run with generated cases against a server that breaks on non-ASCII names', async () => {
  const outputs = await reportsFor('rejects-non-ascii-name', true);
  const cases = outputs.json.cases as Array<{
    kind: string;
    verdict: string;
    generated: { phase: string; seed: number; original: string | null } | null;
    request: { body: string };
  }>;
  const failed = cases.filter((item) => item.verdict === 'failed');

  test('the JSON holds the generated settings and each failure with its phase, seed and shrunk body', () => {
    expect(validateReport(outputs.json), JSON.stringify(validateReport.errors)).toBe(true);
    expect(outputs.json.generated).toEqual({
      seed: 7,
      maxCases: 100,
      phases: ['boundary', 'positive', 'negative'],
      operationBudgetMs: 10_000,
      generatedBudgetMs: 300_000,
    });
    // Nothing was cut: the budgets are there, with an empty list.
    expect(outputs.json.budget).toEqual({ operationMs: 10_000, generatedMs: 300_000, cut: [] });
    const generatedFailures = failed.filter((item) => item.kind === 'generated');
    expect(generatedFailures.length).toBeGreaterThan(0);
    expect(generatedFailures.every((item) => item.generated?.seed === 7)).toBe(true);
    expect(generatedFailures.some((item) => item.generated?.original !== null)).toBe(true);
    // The static scenario with a non-ASCII name fails too, without generated details.
    expect(failed.filter((item) => item.kind === 'scenario').map((item) => item.generated)).toEqual([null]);
  });

  test('JUnit counts match the JSON, and failures carry the seed', async () => {
    const summary = outputs.json.summary as { total: number; failed: number };
    const parsed = (await parseJunit(outputs.junit)) as {
      tests: number;
      failures: number;
      testsuite: Array<{ testcase: Array<{ failure?: Array<{ inner: string }> }> }>;
    };
    expect(parsed).toMatchObject({ tests: summary.total, failures: summary.failed });
    const inner = parsed.testsuite[0]!.testcase.flatMap((testcase) => testcase.failure ?? []).map(
      (failure) => failure.inner,
    );
    expect(inner.filter((text) => text.includes('seed: 7 (replay with --seed 7')).length).toBe(
      failed.filter((item) => item.kind === 'generated').length,
    );
    expect(
      outputs.annotations
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('::error')),
    ).toHaveLength(summary.failed);
  });

  test('the token appears in no output', () => {
    for (const text of [outputs.jsonText, outputs.junit, outputs.annotations, outputs.summary])
      expect(text).not.toContain(APP_TOKEN);
  });
});

describe('a run against a correct server', async () => {
  const outputs = await reportsFor('correct', true);

  test('zero failures in every report, generated cases included', async () => {
    expect(validateReport(outputs.json)).toBe(true);
    const summary = outputs.json.summary as { total: number; passed: number; failed: number };
    expect(summary.failed).toBe(0);
    expect(summary.total).toBeGreaterThan(22);
    expect(await parseJunit(outputs.junit)).toMatchObject({ tests: summary.total, failures: 0 });
    expect(outputs.annotations).not.toContain('::error');
    expect(outputs.summary).toMatch(
      new RegExp(`^### ✅ plantkit contract: ${summary.passed} passed, 0 failed; 1 spec gap\\n`),
    );
  });
});
