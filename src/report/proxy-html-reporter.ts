/**
 * `plantkit proxy --reporter html --output FILE`: the contract runner's HTML
 * report over live traffic, as the proxy's JUnit report is its JUnit one.
 * Each exchange is a case (proxy/case-result.ts); the distinct failures and
 * spec gaps come from the verdict model's own functions over those cases
 * (contract/signature.ts, contract/spec-gaps.ts), never from the page.
 */
import { distinctFailures } from '../contract/signature.js';
import { SpecGapCollector } from '../contract/spec-gaps.js';
import type { RunResult } from '../contract/types.js';
import type { CaseResult } from '../core/exchange/types.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { exchangeCaseResult } from '../proxy/case-result.js';
import type { ProxyEvent } from '../proxy/types.js';
import { createHtmlReporter } from './html/html-reporter.js';
import { createDetailBudget, MAX_DETAILED, MAX_RECORDED } from './proxy-detail.js';
import type { ProxyReporter } from './proxy-reporter.js';
import type { ReportTarget } from './report-target.js';

/** Options of {@link createProxyHtmlReporter}. */
export interface ProxyHtmlReporterOptions {
  target: ReportTarget;
}

/** The HTML reporter of a proxy. */
export function createProxyHtmlReporter(options: ProxyHtmlReporterOptions): ProxyReporter {
  let started: { spec: LoadedSpec; upstream: string } | undefined;
  // Exchanges are redacted before they are emitted: the page has no secret of its own to mask.
  const html = createHtmlReporter({
    target: options.target,
    token: undefined,
    tokenEnv: 'PLANTKIT_TOKEN',
    command: 'proxy',
  });
  const recorded: CaseResult[] = [];
  const gaps = new SpecGapCollector();
  const details = createDetailBudget(MAX_DETAILED);
  return {
    onEvent(event: ProxyEvent) {
      if (event.type === 'proxy-started') {
        started = { spec: event.spec, upstream: event.upstream };
        html.onEvent({ type: 'run-started', baseUrl: event.upstream, spec: event.spec, total: 0, strict: false });
      }
      // As many cases as the JSON report lists exchanges: a proxy may run for hours.
      if (event.type === 'exchange' && started && recorded.length < MAX_RECORDED) {
        const result = exchangeCaseResult(details.keep(event.exchange), started.spec, started.upstream);
        recorded.push(result);
        gaps.observe(result);
        html.onEvent({ type: 'case-finished', result, index: recorded.length - 1, total: recorded.length });
      }
      if (event.type === 'proxy-stopped') {
        const count = (verdict: CaseResult['verdict']) =>
          recorded.filter((result) => result.verdict === verdict).length;
        const result: RunResult = {
          baseUrl: started?.upstream ?? '',
          results: [],
          passed: count('passed'),
          failed: count('failed'),
          skipped: count('skipped'),
          notRun: 0,
          hints: [],
          durationMs: event.summary.durationMs,
          failOn: 'failure',
          specGaps: gaps.list(),
          distinctFailures: distinctFailures(recorded),
        };
        html.onEvent({ type: 'run-finished', result });
      }
    },
    close: () => html.close(),
  };
}
