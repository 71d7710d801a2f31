/**
 * The proxy's log: one line per exchange with violations (method, target,
 * status, then each violation as `side check /pointer: message (received
 * ...; documented ...)`), and the summary when the proxy stops. Lines are
 * buffered per event-loop turn (core/server/request-log.ts), so a busy proxy does
 * not pay a write per exchange. Values are escaped and capped for the
 * terminal (display-text.ts); every value in an exchange is already
 * redacted (proxy/exchange-record.ts).
 */
import { createRequestLog } from '../core/server/request-log.js';
import type { TextSink } from '../core/text/text-sink.js';
import type { ProxyEvent, ProxyExchange, ProxySummary } from '../proxy/types.js';
import { findingLine } from './case-record.js';
import { displayText } from './display-text.js';
import type { ProxyReporter } from './proxy-reporter.js';

/** Options of {@link createProxyLogReporter}. */
export interface ProxyLogReporterOptions {
  out: TextSink;
  /** Print a line per exchange with violations (default true); the summary is printed either way. */
  verbose?: boolean;
}

/** Longest violation text in a log line. */
const MAX_VIOLATION = 300;

/** The log reporter. */
export function createProxyLogReporter(options: ProxyLogReporterOptions): ProxyReporter {
  const log = createRequestLog(options.out);
  return {
    onEvent(event: ProxyEvent) {
      if (event.type === 'exchange' && options.verbose !== false && event.exchange.violations.length > 0)
        log.note(exchangeLine(event.exchange));
      if (event.type === 'proxy-stopped') {
        for (const line of summaryLines(event.summary)) log.note(line);
        log.flush();
      }
    },
    close: async () => log.flush(),
  };
}

/** `POST /plants 200 8 ms - server outcome: an invalid request was accepted (...) | client request-body /body/name: ...` */
export function exchangeLine(exchange: ProxyExchange): string {
  const status =
    exchange.upstreamStatus === null
      ? `${exchange.status} (no answer from upstream)`
      : exchange.status === exchange.upstreamStatus
        ? String(exchange.status)
        : `${exchange.status} (upstream ${exchange.upstreamStatus}, replaced)`;
  // The server's violations first: they are what a proxy in CI is there to catch.
  const ordered = [...exchange.violations].sort((a, b) => (a.side === b.side ? 0 : a.side === 'server' ? -1 : 1));
  const violations = ordered.map(
    (violation) =>
      `${violation.severity === 'warning' && violation.class !== 'spec-gap' ? 'warning ' : ''}${violation.side} ${displayText(findingLine(violation), MAX_VIOLATION)}`,
  );
  return `${exchange.method} ${displayText(exchange.target)} ${status} ${exchange.durationMs.toFixed(1)} ms - ${violations.join(' | ')}`;
}

/** `plantkit proxy: 12 exchanges, 9 clean, 2 with client violations, 1 with server violations` and the counts by check. */
function summaryLines(summary: ProxySummary): string[] {
  const lines = [
    `plantkit proxy: ${plural(summary.exchanges, 'exchange')}, ${summary.clean} clean, ${summary.withClientViolations} with client violations, ${summary.withServerViolations} with server violations${summary.withSpecGaps > 0 ? `, ${summary.withSpecGaps} with spec gaps` : ''}`,
  ];
  const { failure, specGap, warning } = summary.byClass;
  if (failure + specGap + warning > 0)
    lines.push(
      `  findings by class: ${plural(failure, 'failure')}, ${plural(specGap, 'spec gap')}, ${plural(warning, 'warning')}`,
    );
  for (const side of ['server', 'client'] as const) {
    const counts = Object.entries(summary.byCheck[side]).sort((a, b) => b[1] - a[1]);
    if (counts.length > 0)
      lines.push(`  ${side} violations: ${counts.map(([check, count]) => `${check} ${count}`).join(', ')}`);
  }
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
