/**
 * A merged run in the format `--reporter` names: the JSON report (the same
 * schema, with the shards it came from), JUnit, GitHub annotations and step
 * summary, the console text, or the HTML report. The records were redacted
 * by the shards that wrote them; nothing here sees a secret.
 */
import path from 'node:path';
import { UsageError } from '../../core/errors.js';
import { annotation, gapAnnotation, markdownSummary, readYaml } from '../github-reporter.js';
import { renderHtmlReport } from '../html/render-html.js';
import { renderJunit } from '../junit-reporter.js';
import type { ReporterName } from '../reporter.js';
import type { MergedRun } from './merge-reports.js';
import { mergedConsoleText } from './merged-console.js';

/** What a merged report is written as: the report text, and GitHub's workflow commands for stdout. */
export interface MergedOutput {
  text: string;
  /** GitHub annotations (the github reporter): always on stdout, as the workflow reads them there. */
  commands?: string;
}

/** Render `merged` as reporter `name`; `cwd` makes the spec path of annotations relative. */
export function renderMerged(name: ReporterName, merged: MergedRun, cwd: string): MergedOutput {
  const { document, records, verdict } = merged;
  switch (name) {
    case 'json':
      return { text: `${JSON.stringify(document, null, 2)}\n` };
    case 'junit':
      return { text: renderJunit(records, verdict, 'plantkit contract', (text) => text) };
    case 'console':
      return { text: mergedConsoleText(merged) };
    case 'html':
      return { text: renderHtmlReport({ document, records, verdict }) };
    case 'github': {
      const source = { file: path.relative(cwd, document.spec.source), yaml: readYaml(document.spec.source) };
      const failed = records.filter((record) => record.verdict === 'failed');
      const kind = verdict.failOn === 'spec-gap' ? 'error' : 'notice';
      const commands = [
        ...failed.map((record) => annotation(record, operationPointer(record.method, record.path), source)),
        ...verdict.specGaps.map((gap) => gapAnnotation(gap, kind, gap.pointer, source)),
      ].join('');
      const header = `${document.spec.title} ${document.spec.version} against ${document.baseUrl} (${document.merged.length} reports merged)`;
      return { text: markdownSummary(header, verdict, failed), commands };
    }
    case 'har':
      // Refused by the command before any file is read: the JSON reports keep the failing exchanges only.
      throw new UsageError('report merge cannot write a HAR file');
    default:
      return unknownReporter(name);
  }
}

/** `/paths/~1plants~1{id}/get`: where an operation stands in the spec (RFC 6901 escaping). */
function operationPointer(method: string, pathTemplate: string): string {
  return `/paths/${pathTemplate.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`;
}

function unknownReporter(name: never): never {
  throw new Error(`unknown reporter ${String(name)}`);
}
