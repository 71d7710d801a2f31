/**
 * `--reporter junit`: JUnit XML as GitHub, GitLab and Jenkins read it. One
 * <testsuite> per operation, one <testcase> per case; a failure's message
 * names the check, the JSON pointer and received vs documented, and its
 * text holds every finding plus the curl line.
 */
import type { RunEvent } from '../contract/events.js';
import { findingLine, generatedNotes, toCaseRecord, type CaseRecord } from './case-record.js';
import type { Reporter } from './reporter.js';
import { writeReportFile, type ReportTarget } from './report-target.js';

/** Options of {@link createJunitReporter}. */
export interface JunitReporterOptions {
  target: ReportTarget;
  token: string | undefined;
  tokenEnv: string;
}

/** The JUnit reporter. */
export function createJunitReporter(options: JunitReporterOptions): Reporter {
  const records: CaseRecord[] = [];
  let xml: string | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'case-finished') records.push(toCaseRecord(event.result, options.token, options.tokenEnv));
      if (event.type === 'run-finished') xml = render(records, event.result.durationMs);
    },
    async close() {
      if (xml !== undefined) await writeReportFile(options.target, xml);
    },
  };
}

function render(records: CaseRecord[], durationMs: number): string {
  const byOperation = new Map<string, CaseRecord[]>();
  for (const record of records) byOperation.set(record.operation, [...(byOperation.get(record.operation) ?? []), record]);
  const count = (list: CaseRecord[], verdict: CaseRecord['verdict']) => list.filter((record) => record.verdict === verdict).length;
  const suites = [...byOperation.entries()].map(([operation, list]) => {
    const first = list[0]!;
    const time = seconds(list.reduce((sum, record) => sum + record.durationMs, 0));
    const attributes = `name="${attr(`${operation} ${first.method} ${first.path}`)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="0" skipped="${count(list, 'skipped')}" time="${time}"`;
    return `  <testsuite ${attributes}>\n${list.map(testcase).join('\n')}\n  </testsuite>`;
  });
  const totals = `tests="${records.length}" failures="${count(records, 'failed')}" errors="0" skipped="${count(records, 'skipped')}" time="${seconds(durationMs)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="plantkit contract" ${totals}>\n${suites.join('\n')}\n</testsuites>\n`;
}

function testcase(record: CaseRecord): string {
  const open = `    <testcase classname="${attr(record.operation)}" name="${attr(`${record.id.slice(record.operation.length + 1)}: ${record.title}`)}" time="${seconds(record.durationMs)}"`;
  if (record.verdict === 'skipped') return `${open}>\n      <skipped message="${attr(record.skipReason ?? 'skipped')}"/>\n    </testcase>`;
  if (record.verdict === 'passed') return `${open}/>`;
  const [first] = record.findings;
  const message = first ? findingLine(first) : 'failed';
  const sent = record.request.body === null ? '' : `sent: ${record.request.body.slice(0, 500)}`;
  const body = [...record.findings.map(findingLine), sent, ...generatedNotes(record), record.response ? `response: ${record.response.status} ${record.response.body.slice(0, 500)}` : '', record.curl ? `reproduce: ${record.curl}` : '']
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
