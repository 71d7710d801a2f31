/**
 * `plantkit report merge --reporter console`: the merged verdict as text,
 * from the records (already redacted by each shard): a block per failed
 * case with its findings and reproduce line, the distinct failures, the
 * spec gaps, and the closing counts line of a single run.
 */
import { type CaseRecord, findingLine, generatedNotes, sequenceNotes } from '../case-record.js';
import { displayText } from '../display-text.js';
import { countsLine, distinctFailureLines, specGapLines } from '../verdict-lines.js';
import type { MergedRun } from './merge-reports.js';

/** The console text of a merged run. */
export function mergedConsoleText(merged: MergedRun): string {
  const { document, records, verdict } = merged;
  const shards = document.merged.map((item) => (item.shard ? `${item.file} (shard ${item.shard})` : item.file));
  const seed = document.generated
    ? `; seed ${document.generated.seed} (replay with --seed ${document.generated.seed})`
    : '';
  const lines = [
    `plantkit report merge: ${document.spec.title} ${document.spec.version}, ${records.length} cases from ${shards.join(', ')}${seed}`,
  ];
  for (const record of records.filter((item) => item.verdict === 'failed')) lines.push('', ...failedLines(record));
  lines.push('');
  if (verdict.stopped) lines.push(`stopped: ${verdict.stopped.message}; ${verdict.notRun} not run`);
  for (const hint of verdict.hints) lines.push(`hint: ${hint}`);
  lines.push(...distinctFailureLines(verdict), ...specGapLines(verdict));
  lines.push(`${countsLine(verdict)} in ${(verdict.durationMs / 1000).toFixed(1)}s (the longest shard)`);
  return `${lines.join('\n')}\n`;
}

function failedLines(record: CaseRecord): string[] {
  const outcome = record.response
    ? ` -> ${record.response.status}`
    : record.transportFailure
      ? ` -> ${record.transportFailure.kind}`
      : '';
  return [
    `FAIL  ${record.id}  ${displayText(record.title)}${outcome}`,
    ...record.findings
      .filter((finding) => finding.class !== 'spec-gap' || finding.severity === 'error')
      .map((finding) => `      ${displayText(findingLine(finding))}`),
    ...generatedNotes(record).map((note) => `      ${note}`),
    ...sequenceNotes(record).map((note) => `      ${note}`),
    ...(record.curl ? [`      reproduce: ${record.curl}`] : []),
  ];
}
