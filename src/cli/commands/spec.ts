/**
 * `plantkit spec check` and `plantkit spec diff`: thin over checkSpec and
 * diffSpecs (the library never prints; this file renders and picks the exit
 * code). The libraries load on first use, so other commands never pay for
 * Spectral.
 */
import { UsageError } from '../../errors.js';
import { DEFAULT_SPEC_FILE } from '../../spec/spec-source.js';
import { parseCommandArgs } from '../args.js';
import { EXIT, type CliIO } from '../io.js';
import type { Command } from './command.js';

const CHECK_HELP = `Usage: plantkit spec check [FILE] [options]

Validate an OpenAPI 3.0/3.1 file (default: openapi.yaml): structure with
file:line:column for every problem, every example against its schema as a
request or a response, and Spectral's OpenAPI ruleset.

Options:
  --ruleset FILE         Spectral ruleset (default: .spectral.yaml beside the spec, then in the
                         working directory, else spectral:oas)
  --skip CHECK           skip a check: structure, examples or lint (repeatable)
  --format FORMAT        text (default), json or github (workflow annotations)
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Exit codes: 0 no problems (info findings allowed), 1 problems found, 2 the file cannot be read.`;

const DIFF_HELP = `Usage: plantkit spec diff BASE HEAD [options]

Classify every change from BASE to HEAD as breaking or not for existing
clients. BASE and HEAD are files or git revisions and paths, e.g.
  plantkit spec diff origin/main:openapi.yaml openapi.yaml

Options:
  --format FORMAT        text (default), json, markdown (a PR comment) or github (annotations)
  --allow-external-refs  let the specs $ref files outside their folder and URLs
  -h, --help             show this help

Exit codes: 0 nothing breaking, 1 breaking changes, 2 unreadable input.`;

const HELP = `Usage: plantkit spec <check|diff> ...

  check [FILE]      validate the spec: structure, examples, lint
  diff BASE HEAD    report changes that break existing clients

Run 'plantkit spec check --help' or 'plantkit spec diff --help' for options.`;

/** The spec command with its check and diff subcommands. */
export const specCommand: Command = {
  name: 'spec',
  help: HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const [sub, ...rest] = argv;
    if (sub === 'check') return runCheck(rest, io);
    if (sub === 'diff') return runDiff(rest, io);
    if (sub === undefined || sub === '--help' || sub === '-h') {
      io.stdout.write(`${HELP}\n`);
      return sub === undefined ? EXIT.error : EXIT.ok;
    }
    throw new UsageError(`unknown spec subcommand '${sub}'`, 'use plantkit spec check or plantkit spec diff');
  },
};

async function runCheck(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('spec check', argv, {
    ruleset: { type: 'string' },
    skip: { type: 'string', multiple: true },
    format: { type: 'string', default: 'text' },
    'allow-external-refs': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  }, 1);
  if (values.help) {
    io.stdout.write(`${CHECK_HELP}\n`);
    return EXIT.ok;
  }
  const format = oneOf('format', values.format, ['text', 'json', 'github'] as const);
  const { checkSpec } = await import('../../spec-check/check-spec.js');
  const { renderCheckResult, isFailing } = await import('../../spec-check/report.js');
  const result = await checkSpec(positionals[0] ?? DEFAULT_SPEC_FILE, {
    cwd: io.cwd,
    ...(typeof values.ruleset === 'string' ? { ruleset: values.ruleset } : {}),
    skip: (values.skip as string[] | undefined) ?? [],
    allowExternalRefs: values['allow-external-refs'] === true,
  });
  io.stdout.write(renderCheckResult(result, format));
  return result.findings.some(isFailing) ? EXIT.findings : EXIT.ok;
}

async function runDiff(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('spec diff', argv, {
    format: { type: 'string', default: 'text' },
    'allow-external-refs': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  }, 2);
  if (values.help) {
    io.stdout.write(`${DIFF_HELP}\n`);
    return EXIT.ok;
  }
  const format = oneOf('format', values.format, ['text', 'json', 'markdown', 'github'] as const);
  const [base, head] = positionals;
  if (base === undefined || head === undefined) throw new UsageError('spec diff needs BASE and HEAD', "e.g. plantkit spec diff origin/main:openapi.yaml openapi.yaml");
  const { diffSpecs } = await import('../../spec-diff/diff-specs.js');
  const { DIFF_FORMATS } = await import('../../spec-diff/formats/index.js');
  const result = await diffSpecs(base, head, { cwd: io.cwd, allowExternalRefs: values['allow-external-refs'] === true });
  io.stdout.write(DIFF_FORMATS[format].render(result));
  return result.counts.breaking > 0 ? EXIT.findings : EXIT.ok;
}

function oneOf<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T {
  if (allowed.includes(value as T)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got '${String(value)}'`);
}
