/**
 * `--reporter NAME [--output FILE]`, repeatable: which reporters a contract
 * run feeds. Each --output belongs to the --reporter just before it. Without
 * --reporter the console reporter runs; under GitHub Actions the github
 * reporter is added. Only one reporter may write its report to stdout.
 */
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import type { Secret } from '../core/exchange/redact.js';
import { createConsoleReporter } from '../report/console-reporter.js';
import { createGithubReporter } from '../report/github-reporter.js';
import { createHarReporter } from '../report/har-reporter.js';
import { createHtmlReporter } from '../report/html/html-reporter.js';
import { createJsonReporter } from '../report/json-reporter.js';
import { createJunitReporter } from '../report/junit-reporter.js';
import { checkReportFile, writeReportFile } from '../report/report-target.js';
import { REPORTER_NAMES, type Reporter, type ReporterName } from '../report/reporter.js';
import { colorEnabled } from '../report/style.js';
import type { ParsedArgs } from './args.js';
import type { CliIO } from './io.js';

/** One requested reporter. */
export interface ReporterRequest {
  name: ReporterName;
  output: string | undefined;
}

/** Reporter requests in command-line order; defaults applied (console; github under GitHub Actions). */
export function reporterRequests(tokens: ParsedArgs['tokens'], env: CliIO['env']): ReporterRequest[] {
  const requests: ReporterRequest[] = [];
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.name === 'reporter') {
      for (const name of String(token.value)
        .split(',')
        .map((part) => part.trim())) {
        if (!(REPORTER_NAMES as readonly string[]).includes(name))
          throw new UsageError(`unknown reporter '${name}'`, `use one of ${REPORTER_NAMES.join(', ')}`);
        requests.push({ name: name as ReporterName, output: undefined });
      }
    } else if (token.name === 'output') {
      const last = requests.at(-1);
      if (!last || last.output !== undefined)
        throw new UsageError(
          `--output ${token.value} must follow the --reporter it is for`,
          'e.g. --reporter junit --output junit.xml',
        );
      last.output = token.value;
    }
  }
  if (env.GITHUB_ACTIONS === 'true' && !requests.some((request) => request.name === 'github'))
    requests.push({ name: 'github', output: undefined });
  const onStdout = requests.filter((request) => request.name !== 'github' && request.output === undefined);
  if (onStdout.length > 1) {
    throw new UsageError(
      `${onStdout.map((request) => request.name).join(' and ')} would both write to stdout`,
      'give all but one of them an --output FILE',
    );
  }
  // A run always tells the person watching it how it went, unless stdout carries a report.
  if (onStdout.length === 0) requests.unshift({ name: 'console', output: undefined });
  return requests;
}

/** Check every --output file can be written (a usage error otherwise), before the run starts. */
export async function checkReportOutputs(requests: readonly ReporterRequest[], io: CliIO): Promise<void> {
  for (const request of requests)
    if (request.output !== undefined)
      await checkReportFile(path.resolve(io.cwd, request.output), `--output ${request.output}`);
}

/** Settings every reporter shares. */
export interface ReporterContext {
  io: CliIO;
  token: string | undefined;
  tokenEnv: string;
  /** Credential header values to keep out of every report. */
  secrets: readonly Secret[];
  quiet: boolean;
}

/** Build the requested reporters. */
export function createReporters(requests: ReporterRequest[], context: ReporterContext): Reporter[] {
  const { io, token, tokenEnv, secrets } = context;
  const target = (output: string | undefined) =>
    output === undefined ? { sink: io.stdout } : { file: path.resolve(io.cwd, output) };
  return requests.map((request) => {
    switch (request.name) {
      case 'console': {
        if (request.output === undefined) {
          const progress = Boolean(io.stdout.isTTY) && !io.env.CI;
          return createConsoleReporter({
            out: io.stdout,
            token,
            tokenEnv,
            secrets,
            color: colorEnabled(io.stdout, io.env),
            verbose: !context.quiet,
            progress,
          });
        }
        return consoleToFile(path.resolve(io.cwd, request.output), context);
      }
      case 'json':
        return createJsonReporter({ target: target(request.output), token, tokenEnv, secrets });
      case 'junit':
        return createJunitReporter({ target: target(request.output), token, tokenEnv, secrets });
      case 'html':
        return createHtmlReporter({ target: target(request.output), token, tokenEnv, secrets });
      case 'har':
        return createHarReporter({ target: target(request.output), token, tokenEnv, secrets });
      case 'github':
        return createGithubReporter({
          out: io.stdout,
          summaryFile:
            request.output === undefined
              ? io.env.GITHUB_STEP_SUMMARY || undefined
              : path.resolve(io.cwd, request.output),
          token,
          tokenEnv,
          secrets,
          cwd: io.cwd,
        });
      default:
        return unknownReporter(request.name);
    }
  });
}

/** A reporter name the flag parser let through: a bug, since it accepts only the names above. */
function unknownReporter(name: never): never {
  throw new Error(`unknown reporter ${String(name)}`);
}

/** The console report in a file (plain text, no colour), written when the run ends. */
function consoleToFile(file: string, context: ReporterContext): Reporter {
  let text = '';
  const reporter = createConsoleReporter({
    out: { write: (chunk: string) => (text += chunk) },
    token: context.token,
    tokenEnv: context.tokenEnv,
    secrets: context.secrets,
    color: false,
    verbose: !context.quiet,
  });
  return {
    onEvent: (event) => reporter.onEvent(event),
    close: async () => {
      await reporter.close();
      await writeReportFile({ file }, text);
    },
  };
}
