/**
 * `--reporter junit`: JUnit XML as GitHub, GitLab and Jenkins read it. One
 * <testsuite> per operation, one <testcase> per case; a failure's message
 * names the check, the JSON pointer and received vs documented, and its
 * text holds every finding, the failure's signature (and how many cases
 * share it) plus the curl line. JUnit has no warning: a spec gap that does
 * not fail the run is a `specGap` property of its operation's suite and a
 * paragraph of the suite's <system-out> (the fix, why, the cases, a body);
 * under --fail-on spec-gap the cases that got it fail, with the spec gap
 * among their findings. Suites list their distinct failures as properties,
 * and their coverage (`reached`, or `not reached: <why>`).
 */
import type { RunEvent } from '../contract/events.js';
import type { DistinctFailure, SpecGap } from '../contract/types.js';
import type { Secret } from '../core/exchange/redact.js';
import { createRedactor, runSecrets as secretsOf } from '../core/exchange/redact.js';
import { type CaseRecord, findingLine, generatedNotes, sequenceNotes, toCaseRecord } from './case-record.js';
import { coverageProperty } from './coverage-lines.js';
import { type ReportTarget, writeReportFile } from './report-target.js';
import type { Reporter } from './reporter.js';
import type { RunVerdict } from './run-verdict.js';

/** Options of {@link createJunitReporter}. */
export interface JunitReporterOptions {
  target: ReportTarget;
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the report (credential headers). */
  secrets?: readonly Secret[];
  /** The name of the `<testsuites>` element (default `plantkit contract`). */
  name?: string;
}

/** The JUnit reporter. */
export function createJunitReporter(options: JunitReporterOptions): Reporter {
  const secrets = secretsOf(options.token, options.tokenEnv, options.secrets);
  const redact = createRedactor(secrets);
  const records: CaseRecord[] = [];
  let xml: string | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'case-finished') records.push(toCaseRecord(event.result, secrets));
      if (event.type === 'run-finished')
        xml = renderJunit(records, event.result, options.name ?? 'plantkit contract', redact);
    },
    async close() {
      if (xml !== undefined) await writeReportFile(options.target, xml);
    },
  };
}

/** The JUnit document of a run's records and verdict (also `plantkit report merge --reporter junit`). */
export function renderJunit(
  records: CaseRecord[],
  result: RunVerdict,
  name: string,
  redact: (text: string) => string,
): string {
  const byOperation = new Map<string, CaseRecord[]>();
  for (const record of records)
    byOperation.set(record.operation, [...(byOperation.get(record.operation) ?? []), record]);
  const count = (list: CaseRecord[], verdict: CaseRecord['verdict']) =>
    list.filter((record) => record.verdict === verdict).length;
  const signatures = signaturesByCase(result.distinctFailures);
  const suites = [...byOperation.entries()].map(([operation, list]) => {
    const first = list[0]!;
    const time = seconds(list.reduce((sum, record) => sum + record.durationMs, 0));
    const attributes = `name="${attr(`${operation} ${first.method} ${first.path}`)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="0" skipped="${count(list, 'skipped')}" time="${time}"`;
    const gaps = result.specGaps.filter((gap) => gap.operation === operation);
    const properties = suiteProperties(result, operation, gaps, redact);
    const output =
      gaps.length === 0
        ? ''
        : `\n    <system-out>${text(gaps.map((gap) => gapText(gap, redact)).join('\n\n'))}</system-out>`;
    return `  <testsuite ${attributes}>\n${properties}${list.map((record) => testcase(record, signatures)).join('\n')}${output}\n  </testsuite>`;
  });
  const properties = runProperties(result);
  // A run interrupted before its first case still says so.
  if (suites.length === 0 && properties)
    suites.push(
      `  <testsuite name="${attr(name)}" tests="0" failures="0" errors="0" skipped="0" time="0.000">\n${properties.trimEnd()}\n  </testsuite>`,
    );
  const totals = `tests="${records.length}" failures="${count(records, 'failed')}" errors="0" skipped="${count(records, 'skipped')}" time="${seconds(result.durationMs)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${attr(name)}" ${totals}>\n${suites.join('\n')}\n</testsuites>\n`;
}

/**
 * `<properties>` of every suite when the run stopped early: `interrupted`
 * (Ctrl-C, a CI cancel), `stopped` (why) and `notRun` (how many cases), as
 * JUnit readers show suite properties; empty for a run that went to its end.
 */
function runProperties(result: RunVerdict): string {
  const lines = stopProperties(result);
  return lines.length === 0 ? '' : `    <properties>\n${lines.join('')}    </properties>\n`;
}

function stopProperties(result: RunVerdict): string[] {
  if (!result.stopped) return [];
  return [
    property('interrupted', String(result.stopped.reason === 'interrupted')),
    property('stopped', result.stopped.message),
    property('notRun', String(result.notRun)),
  ];
}

/** A suite's properties: why the run stopped (when it did), the operation's distinct failures with their case counts, its spec gaps, its coverage. */
function suiteProperties(
  result: RunVerdict,
  operation: string,
  gaps: readonly SpecGap[],
  redact: (text: string) => string,
): string {
  const distinct = result.distinctFailures.filter((failure) => failure.operation === operation);
  const lines = [
    ...stopProperties(result),
    ...(distinct.length > 0 ? [property('distinctFailures', String(distinct.length))] : []),
    ...distinct.map((failure) =>
      property(
        'distinctFailure',
        `${failure.signature}: ${failure.cases.length} case${failure.cases.length === 1 ? '' : 's'}`,
      ),
    ),
    ...gaps.map((gap) => property('specGap', redact(`${gap.fix}: ${gap.reason}`))),
    // Whether the operation got a success, and why not (reached, or not reached: <why>; contract/coverage.ts).
    ...[coverageProperty(result, operation)].flatMap((coverage) =>
      coverage === undefined ? [] : [property('coverage', coverage)],
    ),
  ];
  return lines.length === 0 ? '' : `    <properties>\n${lines.join('')}    </properties>\n`;
}

function property(name: string, value: string): string {
  return `      <property name="${attr(name)}" value="${attr(value)}"/>\n`;
}

/** The distinct failures each failed case is behind, by case id. */
function signaturesByCase(failures: readonly DistinctFailure[]): Map<string, DistinctFailure[]> {
  const byCase = new Map<string, DistinctFailure[]>();
  for (const failure of failures) for (const id of failure.cases) byCase.set(id, [...(byCase.get(id) ?? []), failure]);
  return byCase;
}

/** A spec gap in its suite's output: the fix and why, the cases behind it, the bodies seen. */
function gapText(gap: SpecGap, redact: (text: string) => string): string {
  return [
    `spec gap: ${gap.fix}: ${gap.reason}`,
    `${gap.responses} response${gap.responses === 1 ? '' : 's'} in ${gap.cases.length} case${gap.cases.length === 1 ? '' : 's'}: ${gap.cases.join(', ')}`,
    ...gap.bodies
      .filter((body) => body.body !== '')
      .map((body) => `body (${body.mediaType ?? 'no Content-Type'}): ${body.body.slice(0, 500)}`),
  ]
    .map(redact)
    .join('\n');
}

function testcase(record: CaseRecord, signatures: ReadonlyMap<string, DistinctFailure[]>): string {
  const open = `    <testcase classname="${attr(record.operation)}" name="${attr(`${record.id.slice(record.operation.length + 1)}: ${record.title}`)}" time="${seconds(record.durationMs)}"`;
  if (record.verdict === 'skipped')
    return `${open}>\n      <skipped message="${attr(record.skipReason ?? 'skipped')}"/>\n    </testcase>`;
  if (record.verdict === 'passed') return `${open}/>`;
  const first = record.findings.find((finding) => finding.severity === 'error') ?? record.findings[0];
  const message = first ? findingLine(first) : 'failed';
  const sent = record.request.body === null ? '' : `sent: ${record.request.body.slice(0, 500)}`;
  const body = [
    ...record.findings.map(findingLine),
    ...(signatures.get(record.id) ?? []).map(
      (failure) =>
        `signature: ${failure.signature} (${failure.cases.length} case${failure.cases.length === 1 ? '' : 's'} with this failure)`,
    ),
    sent,
    ...generatedNotes(record),
    ...sequenceNotes(record),
    record.response ? `response: ${record.response.status} ${record.response.body.slice(0, 500)}` : '',
    ...record.producerCurls.map((step) => `first: ${step.curl}  (${step.produced})`),
    record.curl ? `reproduce: ${record.curl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return `${open}>\n      <failure message="${attr(message)}" type="${attr(first?.check ?? 'failure')}">${text(body)}</failure>\n    </testcase>`;
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

/** XML 1.0 forbids most control characters even when escaped: drop them. */
function clean(value: string): string {
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

function text(value: string): string {
  return clean(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
