/**
 * `plantkit proxy --reporter json`: every exchange and the summary as one
 * JSON document whose shape is schemas/proxy-report.schema.json (version
 * 1: fields are only added). Exchanges are already redacted. Which are
 * listed and which keep their request and answer: proxy-detail.ts; the
 * rest are counted.
 */

import { plantkitVersion } from '../core/version.js';
import type { FailOn } from '../proxy/summary.js';
import { failsOn } from '../proxy/summary.js';
import type { ProxyEvent, ProxyExchange } from '../proxy/types.js';
import { createDetailBudget, MAX_DETAILED, MAX_RECORDED } from './proxy-detail.js';
import type { ProxyReporter } from './proxy-reporter.js';
import { type ReportTarget, writeReportFile } from './report-target.js';

/** Options of {@link createProxyJsonReporter}. */
export interface ProxyJsonReporterOptions {
  target: ReportTarget;
  /** The `--fail-on` the run is judged by (recorded with the verdict). */
  failOn: FailOn;
  /** Most exchanges listed; later ones are counted in `summary.omitted`. */
  maxRecorded?: number;
  /** Most exchanges listed with their request and answer; later ones are counted in `summary.detailsOmitted`. */
  maxDetailed?: number;
}

/** The JSON reporter of a proxy. */
export function createProxyJsonReporter(options: ProxyJsonReporterOptions): ProxyReporter {
  const maxRecorded = options.maxRecorded ?? MAX_RECORDED;
  const details = createDetailBudget(options.maxDetailed ?? MAX_DETAILED);
  const exchanges: ProxyExchange[] = [];
  let omitted = 0;
  let head: Record<string, unknown> | undefined;
  let document: Record<string, unknown> | undefined;
  return {
    onEvent(event: ProxyEvent) {
      if (event.type === 'proxy-started') {
        const { spec } = event;
        head = {
          spec: { title: spec.title, version: spec.apiVersion, openapi: spec.openapi, source: spec.source },
          url: event.url,
          upstream: event.upstream,
          startedAt: event.startedAt,
        };
      } else if (event.type === 'exchange') {
        if (exchanges.length >= maxRecorded) omitted += 1;
        else exchanges.push(details.keep(event.exchange));
      } else {
        const { durationMs, ...counts } = event.summary;
        document = {
          reportVersion: 1,
          tool: { name: 'plantkit', version: plantkitVersion() },
          kind: 'proxy',
          ...head,
          durationMs,
          failOn: options.failOn,
          failed: failsOn(event.summary, options.failOn),
          summary: { ...counts, recorded: exchanges.length, omitted, detailsOmitted: details.omitted() },
          exchanges,
        };
      }
    },
    async close() {
      if (document) await writeReportFile(options.target, `${JSON.stringify(document, null, 2)}\n`);
    },
  };
}
