/**
 * The HTML report: one self-contained page (inline CSS and JS, a Content
 * Security Policy that forbids every request) with the summary, the
 * coverage matrix, the failures grouped by signature with request,
 * response, the spec excerpt and a curl line to copy, the spec gaps and the
 * warnings, and filters by operation, check and verdict class. Passing
 * cases are counted in the matrix, never listed: only failures carry their
 * exchanges, so a run of 10,000 cases stays small (bench/suites/html-report.mjs).
 */

import type { SpecGap } from '../../contract/types.js';
import type { CaseRecord } from '../case-record.js';
import { findingLine } from '../case-record.js';
import type { ContractReport } from '../contract-report.js';
import type { RunVerdict } from '../run-verdict.js';
import { countsLine } from '../verdict-lines.js';
import { REPORT_CSS, REPORT_JS } from './html-assets.js';
import { type CoverageRow, coverageRows, type FailureGroup, failureGroups } from './report-view.js';

/** What the page is made from: the JSON report, its cases and the run's verdict. */
export interface HtmlReportInput {
  document: ContractReport & { merged?: Array<{ file: string; shard: string | null }> };
  records: readonly CaseRecord[];
  verdict: RunVerdict;
  /** The part of the spec a failed record broke (spec-excerpt.ts), when the spec is at hand. */
  excerpt?: (record: CaseRecord) => string | undefined;
  /** The command the page reports (default `contract`); `proxy` reports traffic, with no replay line. */
  command?: 'contract' | 'proxy';
}

/** Failing cases shown in full per signature; the others are listed by id. */
const DETAILED_PER_GROUP = 5;
/** Characters of a body shown; the JSON report holds 4 KiB, the curl line the whole request. */
const MAX_BODY = 2000;

/** The whole page. */
export function renderHtmlReport(input: HtmlReportInput): string {
  const { document, records, verdict } = input;
  const groups = failureGroups(verdict.distinctFailures, records);
  const rows = coverageRows(document, records);
  const warnings = warningCards(records);
  const gaps = verdict.specGaps;
  const byId = new Map(records.map((record) => [record.id, record]));
  const operations = [...new Set(rows.map((row) => row.operation.id))];
  const checks = [...new Set(records.flatMap((record) => record.findings.map((finding) => finding.check)))].sort();
  const title = `plantkit ${input.command ?? 'contract'}: ${document.spec.title} ${document.spec.version}`;
  let ids = 0;
  const nextId = () => `c${++ids}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(title)}</title><style>${REPORT_CSS}</style></head>
<body><header>${summary(input, title)}</header>
<main>
<div class="filters" role="search">
<label>Operation <select id="filter-operation"><option value="">all</option>${operations.map(option).join('')}</select></label>
<label>Check <select id="filter-check"><option value="">all</option>${checks.map(option).join('')}</select></label>
<label>Verdict class <select id="filter-class"><option value="">all</option>${['failure', 'spec-gap', 'warning'].map(option).join('')}</select></label>
</div>
<h2>Failures by signature (${groups.length})</h2>
${groups.map((group) => failureCard(group, input, nextId)).join('\n')}
<h2>Spec gaps (${gaps.length})</h2>
<p class="muted">The server answered as HTTP calls for, with a status the spec does not document: ${verdict.failOn === 'spec-gap' ? 'failing the run (--fail-on spec-gap)' : 'not failures unless --fail-on spec-gap'}.</p>
${gaps.map((gap) => gapCard(gap, byId)).join('\n')}
<h2>Warnings (${warnings.length})</h2>
${warnings.join('\n')}
<p id="empty" class="muted hidden">Nothing matches these filters.</p>
<h2>Coverage: operations × documented statuses</h2>
<p class="muted">Green: documented and seen (with the case kinds that got it); dashed: documented, never seen; amber: seen, not documented. ${rows.filter((row) => !row.reached).length} of ${rows.length} operations never got a success.</p>
<table><thead><tr><th>operation</th><th>cases</th><th>statuses</th><th>success</th></tr></thead><tbody>
${rows.map(coverageRow).join('\n')}
</tbody></table>
</main><script>${REPORT_JS}</script></body></html>
`;
}

function summary(input: HtmlReportInput, title: string): string {
  const { document, verdict } = input;
  const byClass = warningCount(input.records);
  const tile = (label: string, value: number, tone: string) =>
    `<div class="tile ${value > 0 ? tone : ''}"><b>${value}</b>${esc(label)}</div>`;
  const seed = document.generated?.seed;
  const shard = document.shard ? ` --shard ${document.shard.index}/${document.shard.count}` : '';
  const replay =
    seed === undefined || input.command === 'proxy'
      ? ''
      : `<p>Replay: <code>plantkit contract --base-url ${esc(document.baseUrl)} --seed ${seed}${shard}</code></p>`;
  const merged = document.merged
    ? `<p class="muted">Merged from ${document.merged.map((item) => esc(item.shard ? `${item.file} (shard ${item.shard})` : item.file)).join(', ')}</p>`
    : '';
  return `<h1>${esc(title)}</h1>
<p class="muted">against ${esc(document.baseUrl)} · ${esc(document.startedAt)} · ${(document.durationMs / 1000).toFixed(1)} s · plantkit ${esc(document.tool.version)}${seed === undefined ? '' : ` · seed ${seed}`}</p>
<div class="tiles">${tile('passed', verdict.passed, 'good')}${tile('failed', verdict.failed, 'bad')}${tile('distinct failures', verdict.distinctFailures.length, 'bad')}${tile('spec gaps', verdict.specGaps.length, 'gap')}${tile('warnings', byClass, 'gap')}${tile('skipped', verdict.skipped, '')}${verdict.notRun > 0 ? tile('not run', verdict.notRun, 'bad') : ''}</div>
<p><b>${esc(countsLine(verdict))}</b>${verdict.stopped ? ` · stopped: ${esc(verdict.stopped.message)}` : ''}</p>
${replay}${merged}${verdict.hints.map((hint) => `<p class="muted">hint: ${esc(hint)}</p>`).join('')}`;
}

function failureCard(group: FailureGroup, input: HtmlReportInput, nextId: () => string): string {
  const detailed = group.records.slice(0, DETAILED_PER_GROUP);
  const rest = group.records.slice(DETAILED_PER_GROUP);
  const checks = new Set(group.records.flatMap((record) => record.findings.map((finding) => finding.check)));
  const classes = new Set(group.records.flatMap((record) => record.findings.map((finding) => finding.class)));
  classes.add('failure');
  return `<section class="card" data-op="${esc(group.operation)}" data-checks="${esc([...checks].join(' '))}" data-classes="${esc([...classes].join(' '))}">
<h3><span class="class failure">failure</span> <code>${esc(group.signature)}</code> · ${group.records.length} case${group.records.length === 1 ? '' : 's'}</h3>
<div>${esc(group.message)}</div>
${detailed.map((record, index) => `<details${index === 0 ? ' open' : ''}><summary><code>${esc(record.id)}</code> ${esc(record.title)}</summary>${caseDetail(record, input, nextId)}</details>`).join('\n')}
${rest.length > 0 ? `<p class="muted">and ${rest.length} more: ${rest.map((record) => `<code>${esc(record.id)}</code>`).join(', ')} (the JSON report holds them)</p>` : ''}
</section>`;
}

function caseDetail(record: CaseRecord, input: HtmlReportInput, nextId: () => string): string {
  const findings = record.findings
    .map(
      (finding) =>
        `<div class="finding"><span class="class ${esc(finding.class)}">${esc(finding.class)}</span> <span class="check">${esc(finding.check)}</span>${finding.pointer ? ` <code>${esc(finding.pointer)}</code>` : ''}: ${esc(finding.message)}${finding.received !== undefined ? `<br><span class="muted">received</span> ${esc(finding.received)}` : ''}${finding.documented !== undefined ? `<br><span class="muted">documented</span> ${esc(finding.documented)}` : ''}</div>`,
    )
    .join('');
  const request = `${record.request.method} ${record.request.url}\n${headerLines(record.request.headers)}${record.request.body === null ? '' : `\n\n${cut(record.request.body)}`}`;
  const response = record.response
    ? `${record.response.status}\n${headerLines(record.response.headers)}\n\n${cut(record.response.body)}${record.response.bodyTruncated ? '\n…' : ''}`
    : record.transportFailure
      ? `no response: ${record.transportFailure.kind}: ${record.transportFailure.message}`
      : 'no response';
  const excerpt = input.excerpt?.(record);
  const notes = [
    ...(record.generated
      ? [
          `generated (${record.generated.phase}), seed ${record.generated.seed}, shrunk in ${record.generated.shrinks} steps`,
        ]
      : []),
    ...(record.sequence
      ? record.sequence.steps.map(
          (step, index) =>
            `step ${index + 1}: ${step.title} -> ${step.status ?? 'no response'}${step.failed ? ' (failed)' : ''}`,
        )
      : []),
  ];
  const curlId = nextId();
  const curl = record.curl
    ? `<div class="curl"><pre id="${curlId}">${esc(record.curl)}</pre><button type="button" data-copy="${curlId}">copy</button></div>`
    : '';
  return `${findings}
<div class="grid"><div><b>Request</b><pre>${esc(request)}</pre></div><div><b>Response</b><pre>${esc(response)}</pre></div></div>
${excerpt ? `<b>Spec</b><pre>${esc(excerpt)}</pre>` : ''}${notes.length > 0 ? `<pre>${esc(notes.join('\n'))}</pre>` : ''}${curl}`;
}

function gapCard(gap: SpecGap, byId: ReadonlyMap<string, CaseRecord>): string {
  const body = gap.bodies.find((item) => item.body !== '');
  // The checks that called it a spec gap, as the cases behind it carry them.
  const checks = new Set(
    gap.cases.flatMap((id) =>
      (byId.get(id)?.findings ?? []).filter((finding) => finding.class === 'spec-gap').map((finding) => finding.check),
    ),
  );
  return `<section class="card spec-gap" data-op="${esc(gap.operation)}" data-checks="${esc([...checks].join(' '))}" data-classes="spec-gap">
<h3><span class="class spec-gap">spec gap</span> ${esc(gap.fix)}</h3>
<div>${esc(gap.reason)} · ${gap.responses} response${gap.responses === 1 ? '' : 's'} in ${gap.cases.length} case${gap.cases.length === 1 ? '' : 's'}: ${gap.cases
    .slice(0, 5)
    .map((id) => `<code>${esc(id)}</code>`)
    .join(', ')}${gap.cases.length > 5 ? ' …' : ''}</div>
${body ? `<pre>${esc(cut(body.body))}</pre>` : ''}</section>`;
}

/** One card per operation and check of the warnings (findings of class `warning`), with the cases behind it. */
function warningCards(records: readonly CaseRecord[]): string[] {
  const byKey = new Map<string, { operation: string; check: string; line: string; cases: string[] }>();
  for (const record of records)
    for (const finding of record.findings.filter((item) => item.class === 'warning')) {
      const key = `${record.operation} ${finding.check}`;
      const entry = byKey.get(key) ?? {
        operation: record.operation,
        check: finding.check,
        line: findingLine(finding),
        cases: [],
      };
      entry.cases.push(record.id);
      byKey.set(key, entry);
    }
  return [...byKey.values()].map(
    (
      entry,
    ) => `<section class="card warning" data-op="${esc(entry.operation)}" data-checks="${esc(entry.check)}" data-classes="warning">
<h3><span class="class warning">warning</span> ${esc(entry.operation)} · ${esc(entry.check)}</h3><div>${esc(entry.line)}</div>
<p class="muted">${entry.cases.length} case${entry.cases.length === 1 ? '' : 's'}: ${entry.cases
      .slice(0, 5)
      .map((id) => `<code>${esc(id)}</code>`)
      .join(', ')}${entry.cases.length > 5 ? ' …' : ''}</p></section>`,
  );
}

function warningCount(records: readonly CaseRecord[]): number {
  return records.reduce(
    (total, record) => total + record.findings.filter((finding) => finding.class === 'warning').length,
    0,
  );
}

function coverageRow(row: CoverageRow): string {
  const cells = row.cells
    .map((cell) => {
      const tone = !cell.documented ? 'undocumented' : cell.seen > 0 ? 'seen' : 'unseen';
      const kinds = cell.kinds.length > 0 ? `<small>${esc(cell.kinds.join(' · '))}</small>` : '';
      const tip = cell.seen > 0 ? `${cell.seen}× by ${cell.kinds.join(', ') || 'the run'}` : 'never seen';
      return `<span class="chip ${tone}" title="${esc(tip)}">${esc(cell.status)}${cell.seen > 0 ? ` ×${cell.seen}` : ''}${kinds}</span>`;
    })
    .join('');
  const reached = row.reached
    ? '✓'
    : `<span class="never">never 2xx</span>${row.reason ? `<br><span class="muted">${esc(row.reason)}</span>` : ''}`;
  const { operation } = row;
  return `<tr data-op="${esc(operation.id)}"><td><b>${esc(operation.id)}</b><br><span class="mono muted">${esc(operation.method)} ${esc(operation.path)}</span></td><td>${row.cases}${row.failed > 0 ? ` <span class="never">(${row.failed} failed)</span>` : ''}</td><td>${cells}</td><td>${reached}</td></tr>`;
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function option(value: string): string {
  return `<option value="${esc(value)}">${esc(value)}</option>`;
}

function cut(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}…` : text;
}

/** Text for HTML content and attribute values. */
function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
