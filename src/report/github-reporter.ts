/**
 * `--reporter github` (on by itself when GITHUB_ACTIONS is set): an error
 * annotation per failed case and a notice per spec gap (an error under
 * --fail-on spec-gap), placed on the operation's line in the spec file,
 * and a markdown summary appended to $GITHUB_STEP_SUMMARY: the counts,
 * the distinct failures, the spec gaps with their fix, the failures.
 * Annotations are written by github-annotation.ts (shared with the spec commands).
 */
import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunEvent } from '../contract/events.js';
import type { SpecGap } from '../contract/types.js';
import { PlantkitError } from '../core/errors.js';
import { createRedactor, runSecrets, type Secret } from '../core/exchange/redact.js';
import { githubAnnotation } from '../core/text/github-annotation.js';
import type { TextSink } from '../core/text/text-sink.js';
import { parseYamlSource, type YamlSource } from '../core/yaml/yaml-source.js';
import { type CaseRecord, findingLine, generatedNotes, sequenceNotes, toCaseRecord } from './case-record.js';
import type { Reporter } from './reporter.js';
import type { RunVerdict } from './run-verdict.js';
import { countsLine, distinctFailureLines, specGapLines } from './verdict-lines.js';

/** Options of {@link createGithubReporter}. */
export interface GithubReporterOptions {
  /** Where workflow commands go (stdout). */
  out: TextSink;
  /** $GITHUB_STEP_SUMMARY, when set. */
  summaryFile: string | undefined;
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the output (credential headers). */
  secrets?: readonly Secret[];
  /** Directory annotation paths are relative to (the repository root, i.e. the working directory). */
  cwd: string;
}

/** GitHub shows only the first annotations of a step; more is noise. */
const MAX_ANNOTATIONS = 50;

/** The GitHub Actions reporter. */
export function createGithubReporter(options: GithubReporterOptions): Reporter {
  const secrets = runSecrets(options.token, options.tokenEnv, options.secrets);
  const failed: CaseRecord[] = [];
  const redact = createRedactor(secrets);
  let header = '';
  let summary = '';
  let source: { file: string; yaml: YamlSource | undefined } | undefined;
  const pointers = new Map<string, string>();
  let annotations = 0;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-started') {
        header = `${event.spec.title} ${event.spec.apiVersion} against ${event.baseUrl}`;
        for (const operation of event.spec.operations) pointers.set(operation.id, operation.pointer);
        source = { file: path.relative(options.cwd, event.spec.source), yaml: readYaml(event.spec.source) };
      } else if (event.type === 'case-finished' && event.result.verdict === 'failed') {
        const record = toCaseRecord(event.result, secrets);
        failed.push(record);
        if (annotations++ < MAX_ANNOTATIONS)
          options.out.write(annotation(record, event.result.case.operation.pointer, source));
      } else if (event.type === 'run-finished') {
        const kind = event.result.failOn === 'spec-gap' ? 'error' : 'notice';
        for (const gap of event.result.specGaps)
          if (annotations++ < MAX_ANNOTATIONS)
            options.out.write(redact(gapAnnotation(gap, kind, pointers.get(gap.operation) ?? gap.pointer, source)));
        summary = redact(markdownSummary(header, event.result, failed));
      }
    },
    async close() {
      if (!options.summaryFile || !summary) return;
      try {
        await appendFile(options.summaryFile, summary);
      } catch (error) {
        throw new PlantkitError(
          'PLANTKIT_IO',
          `cannot write the step summary ${options.summaryFile}: ${(error as Error).message}`,
        );
      }
    },
  };
}

/** The spec's YAML with positions (small: read at once, before the first annotation). */
export function readYaml(file: string): YamlSource | undefined {
  try {
    const parsed = parseYamlSource(readFileSync(file, 'utf8'));
    return parsed.ok ? parsed.source : undefined;
  } catch {
    return undefined; // an inline spec has no file; annotations then carry no line
  }
}

/** A failed case's error annotation on its operation's line in the spec. */
export function annotation(
  record: CaseRecord,
  pointer: string,
  source: { file: string; yaml: YamlSource | undefined } | undefined,
): string {
  const line = source?.yaml?.positionOf(pointer, 'key')?.line;
  const message = [
    ...record.findings.map(findingLine),
    ...generatedNotes(record),
    ...sequenceNotes(record),
    ...record.producerCurls.map((step) => `first: ${step.curl}  (${step.produced})`),
    record.curl ? `reproduce: ${record.curl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return `${githubAnnotation('error', { ...(source ? { file: source.file } : {}), ...(line ? { line } : {}), title: `plantkit contract: ${record.id}` }, message)}\n`;
}

/** A spec gap's annotation on its operation's line: a notice (an error under --fail-on spec-gap). */
export function gapAnnotation(
  gap: SpecGap,
  kind: 'notice' | 'error',
  pointer: string,
  source: { file: string; yaml: YamlSource | undefined } | undefined,
): string {
  const line = source?.yaml?.positionOf(pointer, 'key')?.line;
  const where = { ...(source ? { file: source.file } : {}), ...(line ? { line } : {}) };
  const message = `${gap.fix}: ${gap.reason} (${gap.responses} response${gap.responses === 1 ? '' : 's'} in ${gap.cases.length} case${gap.cases.length === 1 ? '' : 's'}; not documented, yet what HTTP calls for)`;
  return `${githubAnnotation(kind, { ...where, title: `plantkit contract: spec gap ${gap.status} on ${gap.operation}` }, message)}\n`;
}

/** The step summary's markdown: counts, distinct failures, spec gaps, a row per failed check. */
export function markdownSummary(header: string, result: RunVerdict, records: CaseRecord[]): string {
  const { failed, notRun, stopped } = result;
  const failing = failed > 0 || (result.failOn === 'spec-gap' && result.specGaps.length > 0);
  const icon = failing ? '❌' : stopped ? '⚠️' : '✅';
  const notes = [
    ...(stopped ? [`Stopped: ${stopped.message}; ${notRun} not run.`] : []),
    ...result.hints.map((hint) => `Hint: ${hint}`),
  ]
    .map((line) => `\n${cell(line)}\n`)
    .join('');
  const blocks = [distinctFailureLines(result), specGapLines(result)]
    .filter((lines) => lines.length > 0)
    .map((lines) => `\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`)
    .join('');
  const title = `### ${icon} plantkit contract: ${countsLine(result)}\n\n${header}\n${notes}${blocks}`;
  if (records.length === 0) return `${title}\n`;
  const rows = records.flatMap((record) =>
    record.findings
      .filter((finding) => finding.severity === 'error')
      .map(
        (finding) =>
          `| \`${cell(record.id)}\` | ${cell(finding.check)} | \`${cell(finding.pointer || '/')}\` | ${cell(finding.received ?? '')} | ${cell(finding.documented ?? '')} |`,
      ),
  );
  return `${title}\n| case | check | where | received | documented |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
