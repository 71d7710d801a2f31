/**
 * `--reporter html --output report.html`: the HTML report of a contract
 * run (render-html.ts). It is made from exactly what the JSON report holds
 * (the JSON reporter writes into it, so both redact alike) and the run's
 * verdict, with excerpts from the spec the run loaded. Written when the run
 * ends, also when it was interrupted.
 */
import type { RunEvent } from '../../contract/events.js';
import type { Secret } from '../../core/exchange/redact.js';
import type { LoadedSpec } from '../../core/spec/types.js';
import type { ContractReport } from '../contract-report.js';
import { createJsonReporter } from '../json-reporter.js';
import { type ReportTarget, writeReportFile } from '../report-target.js';
import type { Reporter } from '../reporter.js';
import type { RunVerdict } from '../run-verdict.js';
import { renderHtmlReport } from './render-html.js';
import { createSpecExcerpts } from './spec-excerpt.js';

/** Options of {@link createHtmlReporter}. */
export interface HtmlReporterOptions {
  target: ReportTarget;
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the report (credential headers). */
  secrets?: readonly Secret[];
  /** The command the page reports (default `contract`). */
  command?: 'contract' | 'proxy';
}

/** The HTML reporter. */
export function createHtmlReporter(options: HtmlReporterOptions): Reporter {
  let json = '';
  const document = createJsonReporter({
    target: { sink: { write: (text: string) => (json += text) } },
    token: options.token,
    tokenEnv: options.tokenEnv,
    ...(options.secrets ? { secrets: options.secrets } : {}),
  });
  let spec: LoadedSpec | undefined;
  let verdict: RunVerdict | undefined;
  return {
    onEvent(event: RunEvent) {
      document.onEvent(event);
      if (event.type === 'run-started') spec = event.spec;
      if (event.type === 'run-finished') {
        const { results: _results, ...rest } = event.result;
        verdict = rest;
      }
    },
    async close() {
      await document.close();
      if (!verdict || json === '') return;
      const report = JSON.parse(json) as ContractReport;
      const html = renderHtmlReport({
        document: report,
        records: report.cases,
        verdict,
        ...(spec ? { excerpt: createSpecExcerpts(spec) } : {}),
        ...(options.command ? { command: options.command } : {}),
      });
      await writeReportFile(options.target, html);
    },
  };
}
