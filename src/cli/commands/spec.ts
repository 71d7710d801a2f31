/**
 * `plantkit spec check` and `plantkit spec diff`: thin over checkSpec and
 * diffSpecs (the library never prints; this file renders and picks the exit
 * code). The libraries load on first use, so other commands never pay for
 * Spectral.
 */
import { Writable } from 'node:stream';
import { UsageError } from '../../core/errors.js';
import { DEFAULT_SPEC_FILE } from '../../core/spec/spec-source.js';
import { HELP_FLAG, parseCommandArgs } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import type { Command } from './command.js';

const CHECK_HELP = `Usage: plantkit spec check [FILE | --spec FILE] [options]

Validate an OpenAPI 3.0/3.1 file (default: openapi.yaml; Swagger 2.0 is checked
in its converted 3.0 form): structure with file:line:column for every problem,
every example against its schema as a request or a response, and Spectral's
OpenAPI ruleset.

Options:
  --spec FILE            the spec to check, as every other command takes it (the same as FILE)
  --ruleset FILE         Spectral ruleset (default: .spectral.yaml beside the spec, then in the
                         working directory, else plantkit's built-in policy: spectral:oas with
                         info-contact and operation-tags off)
  --skip CHECK           skip a check: structure, examples or lint (repeatable)
  --fail-severity LEVEL  the least severe finding that fails: error (default), warn, info or hint;
                         findings below it are printed but do not fail
  --format FORMAT        text (default), json or github (workflow annotations)
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Exit codes: 0 no finding at or above --fail-severity, 1 findings that fail, 2 the file,
a flag or the ruleset cannot be used.`;

const DIFF_USAGE = `Usage: plantkit spec diff BASE HEAD [options]

Classify every change from BASE to HEAD as breaking, warning or info for
existing clients. BASE and HEAD are files or git revisions and paths, e.g.
  plantkit spec diff origin/main:openapi.yaml openapi.yaml

Options:
  --fail-on LEVEL        the least severe level that fails: breaking (default) or warning
  --config FILE          CI policy: fail-on, per-rule levels, ignore file (default:
                         plantkit-diff.yaml in the working directory, when present)
  --ignore FILE          accepted changes: a YAML list of {rule, method, path, reason};
                         entries that match no change are reported
  --format FORMAT        text (default), json, markdown (a PR comment) or github (annotations)
  --allow-external-refs  let the specs $ref files outside their folder and URLs
  -h, --help             show this help

Exit codes: 0 nothing at or above --fail-on (ignored changes never count), 1 changes
that fail, 2 unreadable input, a bad flag, config or ignore file.

plantkit-diff.yaml:
  fail-on: breaking
  levels: { request-default-changed: breaking, response-property-added: off }
  ignore: plantkit-diff-ignore.yaml

Rules (default level; set another with levels: in the config):`;

const HELP = `Usage: plantkit spec <check|diff> ...

  check [FILE]      validate the spec: structure, examples, schemas, lint
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
  const { values, positionals } = parseCommandArgs(
    'spec check',
    argv,
    {
      spec: { type: 'string' },
      ruleset: { type: 'string' },
      skip: { type: 'string', multiple: true },
      'fail-severity': { type: 'string' },
      format: { type: 'string', default: 'text' },
      'allow-external-refs': { type: 'boolean', default: false },
      ...HELP_FLAG,
    },
    1,
  );
  if (values.help) {
    io.stdout.write(`${CHECK_HELP}\n`);
    return EXIT.ok;
  }
  const format = oneOf('format', values.format, ['text', 'json', 'github'] as const);
  const { checkSpec } = await import('../../spec-check/check-spec.js');
  const { renderCheckResult, isFailing, FAIL_SEVERITIES, DEFAULT_FAIL_SEVERITY } = await import(
    '../../spec-check/report.js'
  );
  const failSeverity = oneOf('fail-severity', values['fail-severity'] ?? DEFAULT_FAIL_SEVERITY, FAIL_SEVERITIES);
  const given = typeof values.spec === 'string' ? values.spec : undefined;
  if (given !== undefined && positionals[0] !== undefined && positionals[0] !== given)
    throw new UsageError(
      `spec check got two specs: ${positionals[0]} and --spec ${given}`,
      'name the spec once, as FILE or with --spec',
    );
  const result = await checkSpec(given ?? positionals[0] ?? DEFAULT_SPEC_FILE, {
    cwd: io.cwd,
    ...(typeof values.ruleset === 'string' ? { ruleset: values.ruleset } : {}),
    skip: (values.skip as string[] | undefined) ?? [],
    allowExternalRefs: values['allow-external-refs'] === true,
  });
  io.stdout.write(renderCheckResult(result, format));
  return result.findings.some((finding) => isFailing(finding, failSeverity)) ? EXIT.findings : EXIT.ok;
}

async function runDiff(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'spec diff',
    argv,
    {
      'fail-on': { type: 'string' },
      config: { type: 'string' },
      ignore: { type: 'string' },
      format: { type: 'string', default: 'text' },
      'allow-external-refs': { type: 'boolean', default: false },
      ...HELP_FLAG,
    },
    2,
  );
  if (values.help) {
    const { DIFF_RULES } = await import('../../spec-diff/rules/index.js');
    const width = Math.max(...DIFF_RULES.map((rule) => rule.id.length));
    io.stdout.write(
      `${DIFF_USAGE}\n${DIFF_RULES.map((rule) => `  ${rule.level.padEnd(8)}  ${rule.id.padEnd(width)}  ${rule.summary}`).join('\n')}\n`,
    );
    return EXIT.ok;
  }
  const format = oneOf('format', values.format, ['text', 'json', 'markdown', 'github'] as const);
  const { FAIL_ON_VALUES } = await import('../../spec-diff/policy/diff-config.js');
  const failOn = values['fail-on'] === undefined ? undefined : oneOf('fail-on', values['fail-on'], FAIL_ON_VALUES);
  const [base, head] = positionals;
  if (base === undefined || head === undefined)
    throw new UsageError(
      'spec diff needs BASE and HEAD',
      'e.g. plantkit spec diff origin/main:openapi.yaml openapi.yaml',
    );
  const { diffSpecs } = await import('../../spec-diff/diff-specs.js');
  const { DIFF_FORMATS, renderBytes, renderPieces } = await import('../../spec-diff/formats/index.js');
  const { loadDiffPolicy } = await import('../../spec-diff/policy/load-policy.js');
  const { diffFails } = await import('../../spec-diff/policy/verdict.js');
  const policy = await loadDiffPolicy({
    cwd: io.cwd,
    config: values.config as string | undefined,
    ignore: values.ignore as string | undefined,
    failOn,
  });
  const result = await diffSpecs(base, head, {
    cwd: io.cwd,
    allowExternalRefs: values['allow-external-refs'] === true,
    levels: policy.levels,
    ignore: policy.ignore,
    // One thread: the two-thread walk (`parallel`, docs/spec-checks.md, Speed) gained no wall time on a 2-core
    // machine (Stripe's pair 7.9 s and 13.9 s of CPU against 7.05 s and 9.7 s on one thread), so it stays opt-in.
  });
  // A streamable format is written in pieces: Stripe's JSON report is 139 MB, one string cost a fifth of the run.
  // A Node stream (the real stdout) takes them as bytes encoded in place: joining them into strings cost more.
  const stdout = io.stdout;
  if (stdout instanceof Writable) for (const piece of renderBytes(DIFF_FORMATS[format], result)) stdout.write(piece);
  else for (const piece of renderPieces(DIFF_FORMATS[format], result)) stdout.write(piece);
  return diffFails(result, policy.failOn) ? EXIT.findings : EXIT.ok;
}

function oneOf<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T {
  if (allowed.includes(value as T)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got '${String(value)}'`);
}
