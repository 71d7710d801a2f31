/**
 * `--reporter json`: the whole run as one JSON document whose shape is
 * schemas/contract-report.schema.json (version 1: fields are only added).
 */
import { plantkitVersion } from '../version.js';
import type { RunEvent } from '../contract/events.js';
import { toCaseRecord, type CaseRecord } from './case-record.js';
import type { Reporter } from './reporter.js';
import { writeReportFile, type ReportTarget } from './report-target.js';

/** Options of {@link createJsonReporter}. */
export interface JsonReporterOptions {
  target: ReportTarget;
  token: string | undefined;
  tokenEnv: string;
  /** Clock for `startedAt` (injected in tests). */
  now?: () => Date;
}

/** The JSON reporter. */
export function createJsonReporter(options: JsonReporterOptions): Reporter {
  const now = options.now ?? (() => new Date());
  const cases: CaseRecord[] = [];
  let document: Record<string, unknown> | undefined;
  let startedAt = now();
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-started') {
        startedAt = now();
        const { spec } = event;
        document = { spec: { title: spec.title, version: spec.apiVersion, openapi: spec.openapi, source: spec.source }, baseUrl: event.baseUrl, generated: event.generated ?? null };
      } else if (event.type === 'case-finished') {
        cases.push(toCaseRecord(event.result, options.token, options.tokenEnv));
      } else {
        const { passed, failed, skipped, durationMs } = event.result;
        document = {
          reportVersion: 1,
          tool: { name: 'plantkit', version: plantkitVersion() },
          ...document,
          startedAt: startedAt.toISOString(),
          durationMs: Math.round(durationMs),
          summary: { total: cases.length, passed, failed, skipped },
          cases,
        };
      }
    },
    async close() {
      if (document?.reportVersion === 1) await writeReportFile(options.target, `${JSON.stringify(document, null, 2)}\n`);
    },
  };
}


