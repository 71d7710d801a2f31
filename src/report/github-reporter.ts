/**
 * `--reporter github` (on by itself when GITHUB_ACTIONS is set): an error
 * annotation per failed case, placed on the operation's line in the spec
 * file, and a markdown summary appended to $GITHUB_STEP_SUMMARY.
 * Annotations are written by github-annotation.ts (shared with the spec commands).
 */
import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunEvent } from '../contract/events.js';
import { runSecrets, type Secret } from '../contract/redact.js';
import type { RunResult } from '../contract/types.js';
import { PlantkitError } from '../errors.js';
import { parseYamlSource, type YamlSource } from '../yaml/yaml-source.js';
import { findingLine, generatedNotes, sequenceNotes, toCaseRecord, type CaseRecord } from './case-record.js';
import { githubAnnotation } from './github-annotation.js';
import type { Reporter, TextSink } from './reporter.js';

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
  let header = '';
  let summary = '';
  let source: { file: string; yaml: YamlSource | undefined } | undefined;
  let annotations = 0;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-started') {
        header = `${event.spec.title} ${event.spec.apiVersion} against ${event.baseUrl}`;
        source = { file: path.relative(options.cwd, event.spec.source), yaml: readYaml(event.spec.source) };
      } else if (event.type === 'case-finished' && event.result.verdict === 'failed') {
        const record = toCaseRecord(event.result, secrets);
        failed.push(record);
        if (annotations++ < MAX_ANNOTATIONS)
          options.out.write(annotation(record, event.result.case.operation.pointer, source));
      } else if (event.type === 'run-finished') {
        summary = markdownSummary(header, event.result, failed);
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
function readYaml(file: string): YamlSource | undefined {
  try {
    const parsed = parseYamlSource(readFileSync(file, 'utf8'));
    return parsed.ok ? parsed.source : undefined;
  } catch {
    return undefined; // an inline spec has no file; annotations then carry no line
  }
}

function annotation(
  record: CaseRecord,
  pointer: string,
  source: { file: string; yaml: YamlSource | undefined } | undefined,
): string {
  const line = source?.yaml?.positionOf(pointer, 'key')?.line;
  const message = [
    ...record.findings.map(findingLine),
    ...generatedNotes(record),
    ...sequenceNotes(record),
    record.curl ? `reproduce: ${record.curl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return `${githubAnnotation('error', { ...(source ? { file: source.file } : {}), ...(line ? { line } : {}), title: `plantkit contract: ${record.id}` }, message)}\n`;
}

function markdownSummary(header: string, result: RunResult, records: CaseRecord[]): string {
  const { passed, failed, skipped, notRun, stopped } = result;
  const icon = failed > 0 ? '❌' : stopped ? '⚠️' : '✅';
  const notes = [
    ...(stopped ? [`Stopped: ${stopped.message}; ${notRun} not run.`] : []),
    ...result.hints.map((hint) => `Hint: ${hint}`),
  ]
    .map((line) => `\n${cell(line)}\n`)
    .join('');
  const title = `### ${icon} plantkit contract: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${notRun ? `, ${notRun} not run` : ''}\n\n${header}\n${notes}`;
  if (records.length === 0) return `${title}\n`;
  const rows = records.flatMap((record) =>
    record.findings.map(
      (finding) =>
        `| \`${cell(record.id)}\` | ${cell(finding.check)} | \`${cell(finding.pointer || '/')}\` | ${cell(finding.received ?? '')} | ${cell(finding.documented ?? '')} |`,
    ),
  );
  return `${title}\n| case | check | where | received | documented |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
