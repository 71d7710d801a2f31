/**
 * `--reporter junit`: JUnit XML as GitHub, GitLab and Jenkins read it. One
 * <testsuite> per operation, one <testcase> per case; a failure's message
 * names the check, the JSON pointer and received vs documented, and its
 * text holds every finding plus the curl line.
 */
import type { RunEvent } from '../contract/events.js';
import { runSecrets, type Secret } from '../contract/redact.js';
import type { RunResult } from '../contract/types.js';
import { findingLine, generatedNotes, sequenceNotes, toCaseRecord, type CaseRecord } from './case-record.js';
import { coverageProperty } from './coverage-lines.js';
import type { Reporter } from './reporter.js';
import { writeReportFile, type ReportTarget } from './report-target.js';

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
  const secrets = runSecrets(options.token, options.tokenEnv, options.secrets);
  const records: CaseRecord[] = [];
  let xml: string | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'case-finished') records.push(toCaseRecord(event.result, secrets));
      if (event.type === 'run-finished') xml = render(records, event.result, options.name ?? 'plantkit contract');
    },
    async close() {
      if (xml !== undefined) await writeReportFile(options.target, xml);
    },
  };
}

function render(records: CaseRecord[], result: RunResult, name: string): string {
  const byOperation = new Map<string, CaseRecord[]>();
  for (const record of records)
    byOperation.set(record.operation, [...(byOperation.get(record.operation) ?? []), record]);
  const count = (list: CaseRecord[], verdict: CaseRecord['verdict']) =>
    list.filter((record) => record.verdict === verdict).length;
  const properties = runProperties(result);
  const suites = [...byOperation.entries()].map(([operation, list]) => {
    const first = list[0]!;
    const time = seconds(list.reduce((sum, record) => sum + record.durationMs, 0));
    const attributes = `name="${attr(`${operation} ${first.method} ${first.path}`)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="0" skipped="${count(list, 'skipped')}" time="${time}"`;
    return `  <testsuite ${attributes}>\n${suiteProperties(properties, coverageProperty(result, operation))}${list.map(testcase).join('\n')}\n  </testsuite>`;
  });
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
function runProperties(result: RunResult): string {
  if (!result.stopped) return '';
  const property = (name: string, value: string) => `      <property name="${attr(name)}" value="${attr(value)}"/>\n`;
  return `    <properties>\n${property('interrupted', String(result.stopped.reason === 'interrupted'))}${property('stopped', result.stopped.message)}${property('notRun', String(result.notRun))}    </properties>\n`;
}

/** The run's properties with the suite's `coverage` property added (its own `<properties>` when the run has none). */
function suiteProperties(run: string, coverage: string | undefined): string {
  if (coverage === undefined) return run;
  const property = `      <property name="coverage" value="${attr(coverage)}"/>\n`;
  return run
    ? run.replace('    </properties>\n', `${property}    </properties>\n`)
    : `    <properties>\n${property}    </properties>\n`;
}

function testcase(record: CaseRecord): string {
  const open = `    <testcase classname="${attr(record.operation)}" name="${attr(`${record.id.slice(record.operation.length + 1)}: ${record.title}`)}" time="${seconds(record.durationMs)}"`;
  if (record.verdict === 'skipped')
    return `${open}>\n      <skipped message="${attr(record.skipReason ?? 'skipped')}"/>\n    </testcase>`;
  if (record.verdict === 'passed') return `${open}/>`;
  const [first] = record.findings;
  const message = first ? findingLine(first) : 'failed';
  const sent = record.request.body === null ? '' : `sent: ${record.request.body.slice(0, 500)}`;
  const body = [
    ...record.findings.map(findingLine),
    sent,
    ...generatedNotes(record),
    ...sequenceNotes(record),
    record.response ? `response: ${record.response.status} ${record.response.body.slice(0, 500)}` : '',
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
