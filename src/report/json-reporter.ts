/**
 * `--reporter json`: the whole run as one JSON document whose shape is
 * schemas/contract-report.schema.json (version 1: fields are only added;
 * `reportMinorVersion` counts the additions readers may look for: 1 adds
 * finding classes, spec gaps and distinct failures).
 */

import type { RunEvent } from '../contract/events.js';
import type { RunResult, SpecGap } from '../contract/types.js';
import { createRedactor, runSecrets, type Secret } from '../core/exchange/redact.js';
import { prettyJsonPieces } from '../core/text/pretty-json.js';
import { plantkitVersion } from '../core/version.js';
import { type CaseRecord, toCaseRecord } from './case-record.js';
import { type ReportTarget, writeReportChunks } from './report-target.js';
import type { Reporter } from './reporter.js';
import { specDigest } from './spec-digest.js';

/** Options of {@link createJsonReporter}. */
export interface JsonReporterOptions {
  target: ReportTarget;
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the report (credential headers). */
  secrets?: readonly Secret[];
  /** Clock for `startedAt` (injected in tests). */
  now?: () => Date;
}

/** The JSON reporter. */
export function createJsonReporter(options: JsonReporterOptions): Reporter {
  const now = options.now ?? (() => new Date());
  const secrets = runSecrets(options.token, options.tokenEnv, options.secrets);
  const cases: CaseRecord[] = [];
  let document: Record<string, unknown> | undefined;
  let startedAt = now();
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-started') {
        startedAt = now();
        const { spec } = event;
        document = {
          spec: {
            title: spec.title,
            version: spec.apiVersion,
            openapi: spec.openapi,
            source: spec.source,
            digest: specDigest(spec),
          },
          baseUrl: event.baseUrl,
          generated: event.generated ?? null,
          // `plantkit report merge` puts the shards back together (contract/shard.ts).
          shard: event.shard ?? null,
          // What the coverage matrix of the HTML report lays the statuses seen against.
          operations: event.spec.operations.map((operation) => ({
            id: operation.id,
            method: operation.method,
            path: operation.path,
            statuses: operation.responses.map((response) => response.status),
          })),
          // A --rerun-failed run names the report it sent again.
          rerun: event.rerun ?? null,
        };
      } else if (event.type === 'case-finished') {
        cases.push(toCaseRecord(event.result, secrets));
      } else if (event.type === 'run-finished') {
        const { passed, failed, skipped, notRun, durationMs, stopped, hints, budget, coverage } = event.result;
        const redact = createRedactor(secrets);
        document = {
          reportVersion: 1,
          reportMinorVersion: 1,
          tool: { name: 'plantkit', version: plantkitVersion() },
          ...document,
          startedAt: startedAt.toISOString(),
          durationMs: Math.round(durationMs),
          // A run cut short by Ctrl-C or a CI cancel says so; its cases are what ran.
          interrupted: stopped?.reason === 'interrupted',
          stopped: stopped ?? null,
          hints,
          // The generated phases' time budgets and what they cut (docs/property-cases.md, Budget).
          budget: budget ?? null,
          // Which operations got a success, and why each other never did (contract/coverage.ts).
          coverage: coverage ?? null,
          // Spec gaps do not fail a run unless --fail-on spec-gap; they carry severity warning, so 1.0 readers still count errors only.
          failOn: event.result.failOn,
          summary: {
            total: cases.length,
            passed,
            failed,
            skipped,
            notRun,
            distinctFailures: event.result.distinctFailures.length,
            specGaps: event.result.specGaps.length,
            findingsByClass: findingsByClass(cases),
          },
          distinctFailures: event.result.distinctFailures,
          specGaps: specGapRecords(event.result, redact),
          cases,
        };
      }
    },
    async close() {
      // The same text as JSON.stringify(document, null, 2), written case by case (cases is its last member): never one string of every case.
      if (document?.reportVersion === 1) await writeReportChunks(options.target, prettyJsonPieces(document));
    },
  };
}

/** Findings of every case by class: failures, spec gaps, warnings. */
function findingsByClass(cases: readonly CaseRecord[]): { failure: number; specGap: number; warning: number } {
  const counts = { failure: 0, specGap: 0, warning: 0 };
  for (const record of cases)
    for (const finding of record.findings) counts[finding.class === 'spec-gap' ? 'specGap' : finding.class] += 1;
  return counts;
}

/** A spec gap in the report: its bodies redacted, a body without Content-Type with `mediaType: null`. */
type SpecGapRecord = Omit<SpecGap, 'bodies'> & { bodies: Array<{ mediaType: string | null; body: string }> };

/** The run's spec gaps with their bodies redacted. */
function specGapRecords(result: RunResult, redact: (text: string) => string): SpecGapRecord[] {
  return result.specGaps.map((gap) => ({
    ...gap,
    reason: redact(gap.reason),
    bodies: gap.bodies.map((body) => ({ mediaType: body.mediaType ?? null, body: redact(body.body) })),
  }));
}
