/**
 * The one rule of which proxy exchanges keep their request and answer in a
 * report: the first MAX_DETAILED of those that carry them (the violating
 * ones), in the JSON report and the JUnit report alike.
 */
import { describe, expect, test } from 'vitest';
import type { LoadedSpec } from '../../src/core/spec/types.js';
import { createTally } from '../../src/proxy/summary.js';
import { createDetailBudget, MAX_DETAILED } from '../../src/report/proxy-detail.js';
import { createProxyJunitReporter } from '../../src/report/proxy-junit-reporter.js';
import { reportedExchange } from '../support/proxy.js';

describe('createDetailBudget', () => {
  test.each<[string, { given: { max: number; violating: boolean[] }; want: { detailed: boolean[]; omitted: number } }]>(
    [
      [
        'the first violating ones keep their detail; clean ones have none to keep and count for nothing',
        {
          given: { max: 2, violating: [true, false, true, true, true] },
          want: { detailed: [true, false, true, false, false], omitted: 2 },
        },
      ],
      [
        'a budget of 0 keeps none',
        { given: { max: 0, violating: [true, true] }, want: { detailed: [false, false], omitted: 2 } },
      ],
      [
        'within the budget nothing is cut',
        { given: { max: 5, violating: [true, false] }, want: { detailed: [true, false], omitted: 0 } },
      ],
    ],
  )('%s', (_name, { given, want }) => {
    const budget = createDetailBudget(given.max);
    const kept = given.violating.map((violating, index) => budget.keep(reportedExchange(index + 1, violating)));
    expect(kept.map((item) => item.request !== null && item.response !== null)).toEqual(want.detailed);
    expect(kept.map((item) => item.violations.length)).toEqual(given.violating.map((violating) => (violating ? 1 : 0)));
    expect(budget.omitted()).toBe(want.omitted);
  });
});

test('the JUnit report keeps the detail of the first MAX_DETAILED violating exchanges, as the JSON report does', async () => {
  let xml = '';
  const reporter = createProxyJunitReporter({ target: { sink: { write: (chunk: string) => (xml += chunk) } } });
  const spec = { operations: [] } as unknown as LoadedSpec;
  reporter.onEvent({
    type: 'proxy-started',
    url: 'http://127.0.0.1:1',
    upstream: 'http://127.0.0.1:2',
    spec,
    startedAt: '2026-01-01T00:00:00.000Z',
  });
  for (let seq = 1; seq <= MAX_DETAILED + 1; seq += 1)
    reporter.onEvent({ type: 'exchange', exchange: reportedExchange(seq, true) });
  reporter.onEvent({ type: 'proxy-stopped', summary: createTally(() => 0).summary() });
  await reporter.close();
  expect(xml).toContain(`{"answer":${MAX_DETAILED}}`);
  expect(xml).not.toContain(`{"answer":${MAX_DETAILED + 1}}`);
});
