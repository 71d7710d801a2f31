/**
 * The running tally of a proxy (exchanges, those with client and with
 * server violations, by check) and the exit rule a CI job relies on: a
 * violation of the `--fail-on` kind fails the job.
 */
import type { ProxyExchange, ProxySummary, ViolationSide } from './types.js';

/** Which violations fail the run: the server's, the client's, or either. */
export type FailOn = 'server' | 'client' | 'any';

/** Values of {@link FailOn}, as `--fail-on` accepts them. */
export const FAIL_ON: readonly FailOn[] = ['server', 'client', 'any'];

/** Counts exchanges as they are judged. */
export interface Tally {
  add(exchange: ProxyExchange): void;
  summary(): ProxySummary;
}

/** A tally started now. */
export function createTally(now: () => number = () => performance.now()): Tally {
  const started = now();
  const counts = { exchanges: 0, clean: 0, withClientViolations: 0, withServerViolations: 0 };
  const byCheck: ProxySummary['byCheck'] = { client: {}, server: {} };
  const byClass: ProxySummary['byClass'] = { failure: 0, specGap: 0, warning: 0 };
  let withSpecGaps = 0;
  return {
    add(exchange) {
      counts.exchanges += 1;
      const errors = exchange.violations.filter((violation) => violation.severity === 'error');
      const sides = new Set<ViolationSide>(errors.map((violation) => violation.side));
      if (sides.has('client')) counts.withClientViolations += 1;
      if (sides.has('server')) counts.withServerViolations += 1;
      if (errors.length === 0) counts.clean += 1;
      for (const violation of errors)
        byCheck[violation.side][violation.check] = (byCheck[violation.side][violation.check] ?? 0) + 1;
      for (const violation of exchange.violations)
        byClass[violation.class === 'spec-gap' ? 'specGap' : violation.class] += 1;
      if (exchange.violations.some((violation) => violation.class === 'spec-gap')) withSpecGaps += 1;
    },
    summary: () => ({
      ...counts,
      byCheck: { client: { ...byCheck.client }, server: { ...byCheck.server } },
      withSpecGaps,
      byClass: { ...byClass },
      durationMs: Math.round(now() - started),
    }),
  };
}

/** True when the summary holds a violation of the `failOn` kind. */
export function failsOn(summary: ProxySummary, failOn: FailOn): boolean {
  const client = summary.withClientViolations > 0;
  const server = summary.withServerViolations > 0;
  return failOn === 'any' ? client || server : failOn === 'client' ? client : server;
}
