/** The console report's noise controls: grouped failures, no empty headings, capped values, an honest header. */
import { describe, expect, test } from 'vitest';
import type { RunResult } from '../../src/contract/types.js';
import type { CaseResult } from '../../src/core/exchange/types.js';
import { createConsoleReporter } from '../../src/report/console-reporter.js';
import { contractAgainst } from '../contract/property/cli-harness.js';

describe('the console report of real runs', () => {
  test('one bug, one block: 8 failing cases of a wrong 200 shape', async () => {
    const run = await contractAgainst('wrong-200-shape', ['--no-generated', '--quiet']);
    expect(run.code).toBe(1);
    expect(run.out.match(/ FAIL /g)).toHaveLength(1);
    expect(run.out).toContain(
      '        and 7 more cases with this failure: positive/example/fern, positive/minimal, positive/full, scenario/created-plant-keeps-its-name-and-tag, scenario/created-plant-without-a-tag-keeps-its-name and 2 others\n',
    );
    // One distinct failure, named once with the cases behind it; the undocumented 401s are one spec gap.
    expect(run.out).toContain(
      "\n1 distinct failure (operation, check, status, pointer):\n  addPlant response-schema 2xx /name: body must have required property 'name' (status 200) (8 cases: addPlant/positive/example/monstera, addPlant/positive/example/fern, addPlant/positive/minimal and 5 more)\n",
    );
    expect(run.out).toContain(
      '\n  document 401 on addPlant\n    addPlant 401: the request carried no valid credentials;',
    );
    expect(run.out.split('\n').length).toBeLessThan(28);
    expect(run.out).toMatch(/\n14 passed, 8 failed \(1 distinct failure\); 1 spec gap in/);
  });

  test('--quiet prints no heading for an operation with nothing to show', async () => {
    const run = await contractAgainst('correct', ['--no-generated', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('addPlant  POST /plants');
  });

  test('the header counts the generated cases, as an estimate', async () => {
    const run = await contractAgainst('correct', ['--seed', '1']);
    const [, staticCases, generated] = /\n(\d+) static cases \+ about (\d+) generated;/.exec(run.out) ?? [];
    expect(Number(staticCases)).toBe(22);
    const total = Number(/\n(\d+) passed, 0 failed; 1 spec gap in/.exec(run.out)?.[1]);
    // Edges whose id the static cases already had accepted are left out while the run goes: never more than planned.
    expect(total).toBeLessThanOrEqual(22 + Number(generated));
    expect(total).toBeGreaterThanOrEqual(22 + Number(generated) - 2);
  });
});

describe('echoed values are escaped and capped', () => {
  const cactus = '🌵'.repeat(128);
  const result = {
    case: {
      id: 'addPlant/generated/boundary/name/long-astral',
      kind: 'generated',
      operation: { id: 'addPlant', method: 'POST', path: '/plants' },
      title: `name long-astral: "${cactus}"`,
      request: { method: 'POST', path: '/plants', headers: {}, body: JSON.stringify({ name: `${cactus}\u0007` }) },
      expect: { outcome: 'success' },
    },
    exchange: {
      url: 'http://127.0.0.1:1/plants',
      durationMs: 1,
      response: { status: 400, headers: {}, body: '{}', truncated: false, invalidUtf8: false },
    },
    findings: [
      {
        check: 'outcome',
        severity: 'error',
        operation: 'addPlant',
        pointer: '',
        message: 'a valid request was not accepted',
        received: `name ${cactus.repeat(2)}`,
      },
    ],
    verdict: 'failed',
    generated: { phase: 'boundary', seed: 1, requests: 1, shrinks: 0 },
  } as unknown as CaseResult;
  const summary = {
    results: [result],
    passed: 0,
    failed: 1,
    skipped: 0,
    notRun: 0,
    hints: [],
    durationMs: 5,
    baseUrl: '',
    failOn: 'failure',
    specGaps: [],
    distinctFailures: [],
  } as unknown as RunResult;

  test('no line holds more than 200 characters of a value; control characters are escaped', async () => {
    let out = '';
    const reporter = createConsoleReporter({
      out: { write: (text: string) => (out += text) },
      token: undefined,
      tokenEnv: 'PLANTKIT_TOKEN',
      color: false,
    });
    reporter.onEvent({ type: 'case-finished', result, index: 0, total: 1 });
    reporter.onEvent({ type: 'run-finished', result: summary });
    await reporter.close();
    const lines = out.split('\n').filter((line) => !line.includes('reproduce: curl'));
    for (const line of lines) expect([...line].length).toBeLessThan(260);
    expect(out).toContain('… (261 characters)');
    expect(out).toContain('\\u0007');
    expect(out).not.toContain('\u0007');
  });
});

describe('generated cases: live progress and the time budget', () => {
  const capture = (options: { progress: boolean; now?: () => number }) => {
    let out = '';
    const reporter = createConsoleReporter({
      out: { write: (text: string) => (out += text) },
      token: undefined,
      tokenEnv: 'PLANTKIT_TOKEN',
      color: false,
      ...options,
    });
    return { reporter, text: () => out };
  };

  test('on a terminal, the progress line follows a generated case request by request, redrawn at most every 100 ms', () => {
    let now = 0;
    const { reporter, text } = capture({ progress: true, now: () => now });
    reporter.onEvent({ type: 'case-progress', id: 'listPlants/generated/positive', requests: 1, shrinking: false });
    now = 50;
    reporter.onEvent({ type: 'case-progress', id: 'listPlants/generated/positive', requests: 2, shrinking: false });
    now = 150;
    reporter.onEvent({ type: 'case-progress', id: 'listPlants/generated/positive', requests: 57, shrinking: true });
    expect(text()).toContain('[1/1] listPlants/generated/positive: 1 request');
    expect(text()).not.toContain(': 2 requests');
    expect(text()).toContain('[1/1] listPlants/generated/positive: 57 requests, shrinking a failure');
  });

  test('outside a terminal, progress events print nothing', () => {
    const { reporter, text } = capture({ progress: false });
    reporter.onEvent({ type: 'case-progress', id: 'listPlants/generated/positive', requests: 1, shrinking: false });
    expect(text()).toBe('');
  });

  test('what the budget cut is one line before the summary', () => {
    const { reporter, text } = capture({ progress: false });
    const cut = [
      { operation: 'listPlants', phase: 'boundary', budget: 'operation', requests: 4, casesNotSent: 20 },
      { operation: 'listPlants', phase: 'negative', budget: 'operation', requests: 0 },
      { operation: 'getPlant', phase: 'positive', budget: 'generated', requests: 12 },
    ] as const;
    const result = {
      results: [],
      passed: 3,
      failed: 0,
      skipped: 0,
      notRun: 0,
      hints: [],
      durationMs: 5,
      baseUrl: '',
      budget: { operationMs: 10_000, generatedMs: 300_000, cut: [...cut] },
      failOn: 'failure',
      specGaps: [],
      distinctFailures: [],
    } as unknown as RunResult;
    reporter.onEvent({ type: 'run-finished', result });
    expect(text()).toBe(
      '\nbudget: the time budget cut the generated cases of 2 operations (1 used up --operation-budget 10 s, 1 their share of --generated-budget 5 min): 20 boundary cases not sent, 2 random phases cut short or not started; raise the budgets to send them\n3 passed, 0 failed in 0.0 s\n',
    );
  });
});
