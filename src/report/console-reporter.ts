/**
 * The human report of a contract run: a line per case, the findings of a
 * failed case with what was received next to what the spec documents, a
 * curl line to reproduce it, and the closing `N passed, M failed` line. On
 * a terminal (not in CI logs) a live progress line shows the case running.
 */
import type { RunEvent } from '../contract/events.js';
import { createRedactor, toCurl } from '../contract/redact.js';
import type { CaseResult } from '../contract/types.js';
import { generatedLines } from './generated-lines.js';
import type { Reporter, TextSink } from './reporter.js';
import { createStyle, type Style } from './style.js';

/** Options of {@link createConsoleReporter}. */
export interface ConsoleReporterOptions {
  out: TextSink;
  /** Used only to keep it out of the output. */
  token: string | undefined;
  tokenEnv: string;
  color: boolean;
  /** Print passing cases too (default true). */
  verbose?: boolean;
  /** Show a live progress line (a TTY outside CI; default false). */
  progress?: boolean;
}

/** Erase the current terminal line (the progress line) before writing a real one. */
const CLEAR_LINE = '\r\u001b[K';

/** The console reporter. */
export function createConsoleReporter(options: ConsoleReporterOptions): Reporter {
  const redact = createRedactor(options.token);
  const style = createStyle(options.color);
  let progressShown = false;
  const write = (line = '') => {
    options.out.write(`${progressShown ? CLEAR_LINE : ''}${redact(line)}\n`);
    progressShown = false;
  };
  const progress = (text: string) => {
    if (!options.progress) return;
    options.out.write(`${CLEAR_LINE}${style.dim(redact(text))}`);
    progressShown = true;
  };
  let lastOperation: string | undefined;
  let done = 0;
  return {
    onEvent(event: RunEvent) {
      switch (event.type) {
        case 'run-started': {
          const { spec } = event;
          write(`plantkit contract: ${spec.title} ${spec.apiVersion} (${spec.openapi}) against ${event.baseUrl}`);
          write(style.dim(`${event.total} cases${event.strict ? ', strict' : ''}; token from ${options.tokenEnv}: ${options.token ? 'Bearer ***' : 'not set'}`));
          const generated = event.generated;
          if (generated) write(style.dim(`generated cases: seed ${generated.seed} (replay with --seed ${generated.seed}); phases ${generated.phases.join(', ')}; up to ${generated.maxCases} random cases per phase`));
          break;
        }
        case 'case-finished': {
          done += 1;
          const operation = event.result.case.operation;
          if (operation.id !== lastOperation) {
            write();
            write(style.bold(`${operation.id}  ${operation.method} ${operation.path}`));
            lastOperation = operation.id;
          }
          if (event.result.verdict !== 'passed' || options.verbose !== false) writeCase(event.result, write, style, options);
          progress(`  [${done} done] ${event.result.case.id}`);
          break;
        }
        case 'run-finished': {
          const { passed, failed, skipped, durationMs } = event.result;
          write();
          const summary = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
          write(`${failed > 0 ? style.red(summary) : style.green(summary)} ${style.dim(`in ${(durationMs / 1000).toFixed(1)} s`)}`);
          break;
        }
      }
    },
    async close() {
      if (progressShown) options.out.write(CLEAR_LINE);
    },
  };
}

function writeCase(result: CaseResult, write: (line?: string) => void, style: Style, options: ConsoleReporterOptions): void {
  const shortId = result.case.id.slice(result.case.operation.id.length + 1);
  const response = result.exchange.response;
  const outcome = response ? `-> ${response.status}` : result.exchange.failure ? `-> ${result.exchange.failure.kind}` : '';
  const label = { passed: style.green('PASS'), failed: style.red('FAIL'), skipped: style.yellow('SKIP') }[result.verdict];
  write(`  ${label}  ${shortId}  ${style.dim(result.case.title)} ${outcome}`);
  if (result.verdict === 'skipped') write(`        ${style.dim(result.case.skip ?? '')}`);
  for (const item of result.findings) {
    write(`        ${style.red(item.check)}${item.pointer ? ` ${item.pointer}` : ''}: ${item.message}`);
    if (item.received !== undefined) write(`          received:   ${item.received}`);
    if (item.documented !== undefined) write(`          documented: ${item.documented}`);
  }
  for (const line of generatedLines(result)) write(`        ${line}`);
  if (result.verdict === 'failed') write(`        reproduce: ${toCurl(result.exchange.url, result.case.request, options.token, options.tokenEnv)}`);
}
