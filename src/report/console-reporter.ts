/**
 * The human report of a contract run: a line per case, the findings of a
 * failed case with what was received next to what the spec documents, a
 * curl line to reproduce it, then the distinct failures (by signature,
 * signature.ts), the spec gaps (with their fix) and the closing `N passed, M
 * failed` line. Failures that share their check, status and message are one
 * block ("and 7 more cases with this failure"); the JSON and JUnit reports
 * keep every case. A spec gap is listed once per operation and status in
 * its block, not under each case. Echoed values are escaped and capped (display-text.ts). On a
 * terminal (not in CI logs) a live progress line shows the case running.
 */
import type { RerunSettings, RunEvent } from '../contract/events.js';
import type { RunResult } from '../contract/types.js';
import { createRedactor, runSecrets, type Secret, toCurl } from '../core/exchange/redact.js';
import type { CaseResult } from '../core/exchange/types.js';
import type { TextSink } from '../core/text/text-sink.js';
import { budgetHeader, budgetLines } from './budget-lines.js';
import { coverageLines } from './coverage-lines.js';
import { displayText } from './display-text.js';
import { generatedLines } from './generated-lines.js';
import { producerCurls } from './producer-curls.js';
import type { Reporter } from './reporter.js';
import { sequenceLines } from './sequence-lines.js';
import { createStyle, type Style } from './style.js';
import { countsLine, distinctFailureLines, specGapLines } from './verdict-lines.js';

/** Options of {@link createConsoleReporter}. */
export interface ConsoleReporterOptions {
  out: TextSink;
  /** Used only to keep it out of the output. */
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the output (credential headers). */
  secrets?: readonly Secret[];
  color: boolean;
  /** Print passing cases too (default true). */
  verbose?: boolean;
  /** Show a live progress line (a TTY outside CI; default false). */
  progress?: boolean;
  /** Clock for throttling the progress line (injected in tests; default Date.now). */
  now?: () => number;
}

/** Least time between two redraws of the progress line for one case's requests: a generated case sends hundreds. */
const PROGRESS_INTERVAL_MS = 100;

/** Erase the current terminal line (the progress line) before writing a real one. */
const CLEAR_LINE = '\r\u001b[K';

/** Longest curl line shown; the JSON and JUnit reports hold the whole command. */
const MAX_CURL = 1000;

/** Ids listed after "and N more cases with this failure". */
const LISTED_IDS = 5;

/** The console reporter. */
export function createConsoleReporter(options: ConsoleReporterOptions): Reporter {
  const secrets = runSecrets(options.token, options.tokenEnv, options.secrets);
  const redact = createRedactor(secrets);
  const style = createStyle(options.color);
  const context: BlockContext = { style, secrets, verbose: options.verbose !== false };
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
  // One operation's results are held until the next operation starts, so that failures can be grouped.
  let pending: CaseResult[] = [];
  const flush = () => {
    const lines = operationLines(pending, context);
    if (lines.length > 0) {
      const operation = pending[0]!.case.operation;
      write();
      write(style.bold(`${operation.id}  ${operation.method} ${operation.path}`));
      for (const line of lines) write(line);
    }
    pending = [];
  };
  let done = 0;
  let expected = 0;
  const now = options.now ?? Date.now;
  let lastProgress = -Infinity;
  return {
    onEvent(event: RunEvent) {
      switch (event.type) {
        case 'run-started': {
          expected = event.total + (event.generatedEstimate ?? 0);
          for (const line of headerLines(event, options)) write(line.dim ? style.dim(line.text) : line.text);
          break;
        }
        case 'case-finished': {
          done += 1;
          if (pending.length > 0 && pending[0]!.case.operation.id !== event.result.case.operation.id) flush();
          pending.push(event.result);
          progress(`  [${done}/${Math.max(done, expected)}] ${event.result.case.id}`);
          break;
        }
        case 'case-progress': {
          if (now() - lastProgress < PROGRESS_INTERVAL_MS) break;
          lastProgress = now();
          progress(
            `  [${done + 1}/${Math.max(done + 1, expected)}] ${event.id}: ${event.requests} request${event.requests === 1 ? '' : 's'}${event.shrinking ? ', shrinking a failure' : ''}`,
          );
          break;
        }
        case 'run-finished': {
          flush();
          writeClosing(event.result, write, style);
          break;
        }
      }
    },
    async close() {
      if (progressShown) options.out.write(CLEAR_LINE);
    },
  };
}

/** The run header: what is tested against what, the cases, the credentials (never their values), the seed. */
function headerLines(
  event: Extract<RunEvent, { type: 'run-started' }>,
  options: Pick<ConsoleReporterOptions, 'token' | 'tokenEnv'>,
): Array<{ text: string; dim: boolean }> {
  const { spec } = event;
  const cases =
    event.generatedEstimate === undefined
      ? `${event.total} cases`
      : `${event.total} static cases + about ${event.generatedEstimate} generated`;
  const from = spec.convertedFrom ? `Swagger ${spec.convertedFrom} as ${spec.openapi}` : spec.openapi;
  const lines = [
    {
      text: `plantkit contract: ${spec.title} ${spec.apiVersion} (${from}) against ${event.baseUrl}${event.serverPath ? ` (path ${event.serverPath} from the spec's servers)` : ''}`,
      dim: false,
    },
  ];
  const others =
    event.otherCredentials && event.otherCredentials.length > 0
      ? `; also ${event.otherCredentials.join(', ')}: ***`
      : '';
  // The token is worth a word only where the spec asks for credentials.
  const secured = spec.operations.some((operation) => operation.security.length > 0);
  const token = secured ? `; token from ${options.tokenEnv}: ${options.token ? 'Bearer ***' : 'not set'}` : '';
  const shard = event.shard ? ` in shard ${event.shard.index}/${event.shard.count}` : '';
  lines.push({ text: `${cases}${shard}${event.strict ? ', strict' : ''}${token}${others}`, dim: true });
  if (event.rerun) lines.push({ text: rerunLine(event.rerun), dim: true });
  const generated = event.generated;
  if (generated)
    lines.push({
      text: `generated cases: seed ${generated.seed} (replay with --seed ${generated.seed}); phases ${generated.phases.join(', ')}; up to ${generated.maxCases} random cases per phase; ${budgetHeader(generated)}`,
      dim: true,
    });
  return lines;
}

/** The closing blocks: distinct failures, spec gaps, the closing lines and the counts with the duration. */
function writeClosing(result: RunResult, write: (line?: string) => void, style: Style): void {
  for (const block of [distinctFailureLines(result), specGapLines(result)]) {
    if (block.length === 0) continue;
    write();
    for (const [index, line] of block.entries()) write(index === 0 ? style.bold(line) : line);
  }
  write();
  for (const line of closingLines(result)) write(style.yellow(line));
  const summary = countsLine(result);
  const failing = result.failed > 0 || (result.failOn === 'spec-gap' && result.specGaps.length > 0);
  write(
    `${failing ? style.red(summary) : result.stopped ? style.yellow(summary) : style.green(summary)} ${style.dim(`in ${(result.durationMs / 1000).toFixed(1)} s`)}`,
  );
}

/** `rerun of the failed cases of report.json: 3 cases, 1 sequence (seed 7)`. */
function rerunLine(rerun: RerunSettings): string {
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  const sequences = rerun.sequences > 0 ? `, ${plural(rerun.sequences, 'sequence')} (seed ${rerun.seed})` : '';
  return `rerun of the failed cases of ${rerun.file}: ${plural(rerun.cases, 'case')}${sequences}`;
}

/** What every case block needs. */
interface BlockContext {
  style: Style;
  secrets: readonly Secret[];
  verbose: boolean;
}

/** `stopped: ...` and `hint: ...` lines before the summary. */
function closingLines(result: RunResult): string[] {
  const lines: string[] = [];
  if (result.stopped)
    lines.push(`stopped: ${result.stopped.message}; ${result.notRun} case${result.notRun === 1 ? '' : 's'} not run`);
  lines.push(...budgetLines(result));
  lines.push(...coverageLines(result));
  for (const hint of result.hints) lines.push(`hint: ${hint}`);
  return lines;
}

/** The lines of one operation, in case order; failures with the same signature form one block. */
function operationLines(results: readonly CaseResult[], context: BlockContext): string[] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    if (result.verdict !== 'failed') continue;
    const key = failureSignature(result);
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  const lines: string[] = [];
  for (const result of results) {
    // Cases the run never sent are counted in the `stopped:` line, not listed one by one.
    if (result.notRun || (result.verdict === 'passed' && !context.verbose)) continue;
    if (result.verdict !== 'failed') {
      lines.push(...caseLines(result, context));
      continue;
    }
    const group = groups.get(failureSignature(result))!;
    if (group[0] !== result) continue;
    lines.push(...caseLines(result, context));
    if (group.length > 1) lines.push(`        ${context.style.dim(moreCases(group.slice(1)))}`);
  }
  return lines;
}

/**
 * Failures are one block when their status (or transport failure) and their findings' checks and messages are:
 * finer than a signature (signature.ts), so each differently worded failure keeps its own block, with its own
 * smallest request; the distinct-failure block after the operations counts them by signature.
 */
function failureSignature(result: CaseResult): string {
  const outcome = result.exchange.response?.status ?? result.exchange.failure?.kind ?? '';
  const failing = result.findings.filter((finding) => finding.severity === 'error');
  return [outcome, ...failing.map((finding) => `${finding.check}\u0000${finding.message}`)].join('\n');
}

/** `and 7 more cases with this failure: a, b, c, d, e and 2 others`. */
function moreCases(others: readonly CaseResult[]): string {
  const ids = others.map(shortId);
  const listed =
    ids.length > LISTED_IDS
      ? `${ids.slice(0, LISTED_IDS).join(', ')} and ${ids.length - LISTED_IDS} others`
      : ids.join(', ');
  return `and ${others.length} more case${others.length === 1 ? '' : 's'} with this failure: ${listed}`;
}

function shortId(result: CaseResult): string {
  return result.case.id.slice(result.case.operation.id.length + 1);
}

function caseLines(result: CaseResult, { style, secrets }: BlockContext): string[] {
  const response = result.exchange.response;
  const outcome = response
    ? `-> ${response.status}`
    : result.exchange.failure
      ? `-> ${result.exchange.failure.kind}`
      : '';
  const label = { passed: style.green('PASS'), failed: style.red('FAIL'), skipped: style.yellow('SKIP') }[
    result.verdict
  ];
  const lines = [`  ${label}  ${shortId(result)}  ${style.dim(displayText(result.case.title))} ${outcome}`];
  if (result.verdict === 'skipped') lines.push(`        ${style.dim(displayText(result.case.skip ?? ''))}`);
  // A spec gap that does not fail the run is listed once in its block, not under every case.
  for (const item of result.findings.filter(
    (finding) => finding.class !== 'spec-gap' || finding.severity === 'error',
  )) {
    lines.push(
      `        ${item.class === 'spec-gap' ? 'spec gap: ' : ''}${style.red(item.check)}${item.pointer ? ` ${displayText(item.pointer)}` : ''}: ${displayText(item.message)}`,
    );
    if (item.received !== undefined) lines.push(`          received:   ${displayText(item.received)}`);
    if (item.documented !== undefined) lines.push(`          documented: ${displayText(item.documented)}`);
  }
  for (const line of generatedLines(result)) lines.push(`        ${line}`);
  // A sequence is reproduced step by step; any other case by its one request.
  for (const line of sequenceLines(result, secrets, curlLine)) lines.push(`        ${line}`);
  if (result.verdict === 'failed' && !result.sequence) {
    const producers = producerCurls(result, secrets);
    for (const step of producers)
      lines.push(`        first:     ${curlLine(step.curl)}  (${displayText(step.produced)})`);
    if (producers.length > 0)
      lines.push(
        `        ${style.dim('then, with the values those answer (a server may name a new item otherwise):')}`,
      );
    lines.push(`        reproduce: ${curlLine(toCurl(result.exchange.url, result.case.request, secrets))}`);
  }
  return lines;
}

/** The curl line as is when it can be pasted; cut or escaped ones say where the exact command is. */
function curlLine(curl: string): string {
  const shown = displayText(curl, MAX_CURL);
  return shown === curl ? curl : `${shown} (shortened for display; the JSON and JUnit reports hold the exact command)`;
}
