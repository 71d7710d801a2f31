/**
 * `plantkit proxy --reporter junit`: the contract runner's JUnit reporter
 * over live traffic. Each exchange is a test case (proxy/case-result.ts),
 * grouped in one suite per operation; an exchange with a violation fails,
 * naming the side, the check, the JSON pointer and received vs documented.
 */
import type { RunResult } from '../contract/types.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { exchangeCaseResult } from '../proxy/case-result.js';
import type { ProxyEvent } from '../proxy/types.js';
import { createJunitReporter } from './junit-reporter.js';
import { createDetailBudget, MAX_DETAILED, MAX_RECORDED } from './proxy-detail.js';
import type { ProxyReporter } from './proxy-reporter.js';
import type { ReportTarget } from './report-target.js';

/** Options of {@link createProxyJunitReporter}. */
export interface ProxyJunitReporterOptions {
  target: ReportTarget;
}

/** The JUnit reporter of a proxy. */
export function createProxyJunitReporter(options: ProxyJunitReporterOptions): ProxyReporter {
  // Exchanges are redacted before they are emitted: the contract reporter has no secret of its own to mask.
  const junit = createJunitReporter({
    target: options.target,
    token: undefined,
    tokenEnv: 'PLANTKIT_TOKEN',
    name: 'plantkit proxy',
  });
  let started: { spec: LoadedSpec; upstream: string } | undefined;
  const counts = { passed: 0, failed: 0 };
  const details = createDetailBudget(MAX_DETAILED);
  return {
    onEvent(event: ProxyEvent) {
      if (event.type === 'proxy-started') started = { spec: event.spec, upstream: event.upstream };
      // As many test cases as the JSON report lists exchanges: a proxy may run for hours.
      if (event.type === 'exchange' && started && counts.passed + counts.failed < MAX_RECORDED) {
        // As in the JSON report: the first exchanges with violations carry their request and answer.
        const result = exchangeCaseResult(details.keep(event.exchange), started.spec, started.upstream);
        counts[result.verdict === 'failed' ? 'failed' : 'passed'] += 1;
        junit.onEvent({
          type: 'case-finished',
          result,
          index: counts.passed + counts.failed - 1,
          total: counts.passed + counts.failed,
        });
      }
      if (event.type === 'proxy-stopped') {
        const result: RunResult = {
          baseUrl: started?.upstream ?? '',
          results: [],
          ...counts,
          skipped: 0,
          notRun: 0,
          hints: [],
          durationMs: event.summary.durationMs,
          // The proxy's spec gaps are on each exchange's test case; its --fail-on is its own (server, client, any).
          failOn: 'failure',
          specGaps: [],
          distinctFailures: [],
        };
        junit.onEvent({ type: 'run-finished', result });
      }
    },
    close: () => junit.close(),
  };
}
