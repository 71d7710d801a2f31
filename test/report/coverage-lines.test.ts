/**
 * Coverage per operation in the reports: the console's closing lines, the
 * JSON report's `coverage` and each JUnit suite's `coverage` property, from
 * a run against the todos app whose updates all fail.
 */
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/contract/events.js';
import { runContract } from '../../src/contract/run-contract.js';
import type { RunResult } from '../../src/contract/types.js';
import { createConsoleReporter } from '../../src/report/console-reporter.js';
import { coverageLines, coverageProperty } from '../../src/report/coverage-lines.js';
import { createJunitReporter } from '../../src/report/junit-reporter.js';
import { startTodosApp } from '../contract/producers/todos-files-app.js';

async function run(): Promise<{ result: RunResult; console: string; junit: string }> {
  const app = await startTodosApp('update-500');
  let console = '';
  let junit = '';
  const reporters = [
    createConsoleReporter({
      out: { write: (text) => (console += text) },
      token: undefined,
      tokenEnv: 'PLANTKIT_TOKEN',
      color: false,
      verbose: false,
    }),
    createJunitReporter({
      target: { sink: { write: (text) => (junit += text) } },
      token: undefined,
      tokenEnv: 'PLANTKIT_TOKEN',
    }),
  ];
  try {
    const result = await runContract({
      baseUrl: app.url,
      spec: 'test/fixtures/producers/todos-files-3.0.yaml',
      contracts: false,
      generated: false,
      seed: 1,
      onEvent: (event: RunEvent) => {
        for (const reporter of reporters) reporter.onEvent(event);
      },
    });
    for (const reporter of reporters) await reporter.close();
    return { result, console, junit };
  } finally {
    await app.close();
  }
}

describe('coverage in the reports', () => {
  test('console, JSON result and JUnit say which operations got a success and why one never did', async () => {
    const { result, console, junit } = await run();
    const lines = coverageLines(result);
    expect(lines).toEqual([
      'coverage: 6 of 7 operations got a success (86%)',
      expect.stringMatching(
        /^coverage: updateTodo \(PUT \/todos\/\{id\}\) never did: every request was refused \(400 ×\d+, 500 ×2, 404 ×1\)$/,
      ),
    ]);
    for (const line of lines) expect(console).toContain(`\n${line}\n`);
    expect(coverageProperty(result, 'getTodo')).toBe('reached');
    expect(coverageProperty(result, 'updateTodo')).toMatch(/^not reached: every request was refused/);
    expect(junit).toContain('<property name="coverage" value="reached"/>');
    expect(junit).toMatch(
      /<property name="coverage" value="not reached: every request was refused \(400 ×\d+, 500 ×2, 404 ×1\)"\/>/,
    );
  });
});
