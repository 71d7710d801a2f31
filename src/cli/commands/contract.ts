/** `plantkit contract`: check an implementation against the spec. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTRACT_DEFAULTS, CONTRACT_FAIL_ON, type ContractOptions, type PhaseName } from '../../contract/options.js';
import { type RerunReport, readRerunReport } from '../../contract/rerun/read-report.js';
import { runContract } from '../../contract/run-contract.js';
import { parseShard, type Shard } from '../../contract/shard.js';
import { failsRun } from '../../contract/spec-gaps.js';
import type { FailOn, RunResult } from '../../contract/types.js';
import { ReportError, UsageError } from '../../core/errors.js';
import type { Secret } from '../../core/exchange/redact.js';
import { type CredentialSet, credentialsFromEnv } from '../../core/security/credentials.js';
import { loadSpec } from '../../core/spec/load-spec.js';
import type { LoadedSpec } from '../../core/spec/types.js';
import { createOverlayReporter } from '../../report/overlay-reporter.js';
import { checkReportFile } from '../../report/report-target.js';
import type { Reporter } from '../../report/reporter.js';
import {
  durationFlag,
  HELP_FLAG,
  integerFlag,
  type ParsedArgs,
  parseCommandArgs,
  REPORTER_FLAGS,
  rateFlag,
} from '../args.js';
import { parseHeaderFlags } from '../header-flags.js';
import { capHeapGrowth } from '../heap-growth.js';
import { type CliIO, EXIT, exitForSignal, type StopSignal } from '../io.js';
import { checkReportOutputs, createReporters, type ReporterRequest, reporterRequests } from '../reporter-flags.js';
import type { Command } from './command.js';
import { CONTRACT_HELP } from './contract-help.js';

/** The credentials other than the token as secrets, each with the variable it came from (curl lines print `$PLANTKIT_API_KEY`). */
function credentialSecrets(credentials: CredentialSet, env: CliIO['env']): Secret[] {
  const basic = credentials.basic;
  return [
    ...(credentials.apiKey ? [{ value: credentials.apiKey, variable: 'PLANTKIT_API_KEY' }] : []),
    // A Basic pair travels base64-encoded; its password may also be echoed alone.
    ...(basic
      ? [
          { value: Buffer.from(basic).toString('base64'), variable: 'PLANTKIT_BASIC', basic: true },
          { value: basic },
          ...(basic.includes(':') && basic.slice(basic.indexOf(':') + 1).length >= 4
            ? [{ value: basic.slice(basic.indexOf(':') + 1) }]
            : []),
        ]
      : []),
    ...Object.entries(credentials.byScheme).map(([name, value]) => ({
      value,
      ...(env[name] === value ? { variable: name } : {}),
    })),
  ];
}

/** The flags of `plantkit contract`, as node:util parseArgs takes them. */
const CONTRACT_FLAGS = {
  'base-url': { type: 'string' },
  spec: { type: 'string', default: CONTRACT_DEFAULTS.spec },
  'token-env': { type: 'string', default: CONTRACT_DEFAULTS.tokenEnv },
  header: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'max-duration': { type: 'string' },
  workers: { type: 'string' },
  'rate-limit': { type: 'string' },
  strict: { type: 'boolean', default: CONTRACT_DEFAULTS.strict },
  contracts: { type: 'string' },
  // Declared so parseArgs reads --no-contracts as contracts: false (negation needs a boolean).
  'no-contracts': { type: 'boolean' },
  'rerun-failed': { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  shard: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  'fail-on': { type: 'string', default: CONTRACT_DEFAULTS.failOn },
  'spec-gaps': { type: 'string' },
  'allow-external-refs': { type: 'boolean', default: false },
  generated: { type: 'boolean', default: CONTRACT_DEFAULTS.generated },
  seed: { type: 'string' },
  'max-cases': { type: 'string' },
  'max-shrinks': { type: 'string' },
  phases: { type: 'string' },
  stateful: { type: 'boolean', default: CONTRACT_DEFAULTS.stateful },
  'operation-budget': { type: 'string' },
  'generated-budget': { type: 'string' },
  ...REPORTER_FLAGS,
  ...HELP_FLAG,
} as const;

/** The contract command. */
export const contractCommand: Command = {
  name: 'contract',
  help: CONTRACT_HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, tokens } = parseCommandArgs('contract', argv, CONTRACT_FLAGS);
    if (values.help) {
      io.stdout.write(`${CONTRACT_HELP}\n`);
      return EXIT.ok;
    }
    const access = accessFlags(values, io);
    const requests = reporterRequests(tokens, io.env);
    const failOn = failOnFlag(values['fail-on']);
    const reporters = await openReporters(values, requests, access, io);
    // A long run's peak memory follows V8's heap growth, not what the run keeps (heap-growth.ts).
    capHeapGrowth();
    const inputs = await runInputs(values, io);
    const stop = watchForStop(io);
    let result: RunResult;
    try {
      result = await runContract({
        ...contractOptions(values, access, inputs, failOn),
        signal: stop.signal,
        onEvent: (event) => {
          for (const reporter of reporters) reporter.onEvent(event);
        },
      });
    } finally {
      await closeAll(reporters);
    }
    if (result.stopped?.reason === 'interrupted') return exitForSignal(stop.received() ?? 'SIGINT');
    return failsRun(result, result.failOn) ? EXIT.findings : EXIT.ok;
  },
};

type ContractValues = ParsedArgs['values'];

/** Who the run is and how it talks: the token, headers, credentials and their secrets, the deadline and the shard. */
interface AccessFlags {
  tokenEnv: string;
  token: string | undefined;
  timeoutMs: number;
  headers: Record<string, string>;
  credentials: CredentialSet;
  secrets: Secret[];
  shard: Shard | undefined;
}

/** Read the flags checked before anything else is opened (the order of their errors is the order of these lines). */
function accessFlags(values: ContractValues, io: CliIO): AccessFlags {
  const tokenEnv = String(values['token-env']);
  const token = io.env[tokenEnv] || undefined;
  const timeoutMs = integerFlag('timeout', values.timeout, CONTRACT_DEFAULTS.timeoutMs);
  const { headers, secrets: headerSecrets } = parseHeaderFlags((values.header as string[] | undefined) ?? [], io.env);
  const credentials = credentialsFromEnv(io.env, tokenEnv);
  const secrets = [...headerSecrets, ...credentialSecrets(credentials, io.env)];
  const shard = typeof values.shard === 'string' ? parseShard(values.shard) : undefined;
  return { tokenEnv, token, timeoutMs, headers, credentials, secrets, shard };
}

/** The reporters, each --output checked before the spec is read: findings must never be lost to an unwritable file. */
async function openReporters(
  values: ContractValues,
  requests: ReporterRequest[],
  access: AccessFlags,
  io: CliIO,
): Promise<Reporter[]> {
  const { token, tokenEnv, secrets } = access;
  const overlayFile = typeof values['spec-gaps'] === 'string' ? path.resolve(io.cwd, values['spec-gaps']) : undefined;
  await checkReportOutputs(requests, io);
  if (overlayFile) await checkReportFile(overlayFile, `--spec-gaps ${String(values['spec-gaps'])}`);
  return [
    ...createReporters(requests, { io, token, tokenEnv, secrets, quiet: values.quiet === true }),
    ...(overlayFile ? [createOverlayReporter({ file: overlayFile, token, tokenEnv, secrets })] : []),
  ];
}

/** What the run reads from files: the spec, the --rerun-failed report, the contracts folder. */
interface RunInputs {
  spec: LoadedSpec;
  rerun: RerunReport | undefined;
  contracts: string | false | undefined;
}

/** Read the spec, the rerun report and the contracts folder's place. */
async function runInputs(values: ContractValues, io: CliIO): Promise<RunInputs> {
  const spec = await loadSpec(path.resolve(io.cwd, String(values.spec)), {
    allowExternalRefs: values['allow-external-refs'] === true,
  });
  const rerun = typeof values['rerun-failed'] === 'string' ? await rerunReport(values['rerun-failed'], io) : undefined;
  const contracts =
    values.contracts === false
      ? false
      : typeof values.contracts === 'string'
        ? path.resolve(io.cwd, values.contracts)
        : undefined;
  return { spec, rerun, contracts };
}

/** Ctrl-C or a CI cancel stops the run; the reports of what ran are still written. */
function watchForStop(io: CliIO): { signal: AbortSignal; received: () => StopSignal | undefined } {
  const interrupt = new AbortController();
  let stopSignal: StopSignal | undefined;
  void io.waitForStop?.().then((signal) => {
    stopSignal = signal ?? 'SIGINT';
    interrupt.abort(stopSignal);
  });
  return { signal: interrupt.signal, received: () => stopSignal };
}

/** The run's options from the flags (the numeric flags are checked here, in this order). */
function contractOptions(
  values: ContractValues,
  access: AccessFlags,
  inputs: RunInputs,
  failOn: FailOn,
): Omit<ContractOptions, 'onEvent' | 'signal'> {
  const { credentials, shard } = access;
  const { spec, rerun, contracts } = inputs;
  return {
    baseUrl: String(values['base-url'] ?? ''),
    spec,
    token: access.token,
    credentials: {
      ...(credentials.apiKey ? { apiKey: credentials.apiKey } : {}),
      ...(credentials.basic ? { basic: credentials.basic } : {}),
      byScheme: credentials.byScheme,
    },
    tokenEnv: access.tokenEnv,
    timeoutMs: access.timeoutMs,
    headers: access.headers,
    ...optional('maxDurationMs', durationFlag('max-duration', values['max-duration'])),
    workers: integerFlag('workers', values.workers, CONTRACT_DEFAULTS.workers),
    ...optional('rateLimit', rateFlag('rate-limit', values['rate-limit'])),
    strict: values.strict === true,
    ...(contracts === undefined ? {} : { contracts }),
    only: (values.only as string[] | undefined) ?? [],
    skip: (values.skip as string[] | undefined) ?? [],
    ...(shard ? { shard } : {}),
    generated: values.generated !== false,
    ...(values.seed === undefined ? {} : { seed: integerFlag('seed', values.seed, 0, 0) }),
    maxCases: integerFlag('max-cases', values['max-cases'], CONTRACT_DEFAULTS.maxCases, 0),
    maxShrinks: integerFlag('max-shrinks', values['max-shrinks'], CONTRACT_DEFAULTS.maxShrinks, 0),
    ...optional('operationBudgetMs', durationFlag('operation-budget', values['operation-budget'])),
    ...optional('generatedBudgetMs', durationFlag('generated-budget', values['generated-budget'])),
    ...(typeof values.phases === 'string'
      ? {
          phases: values.phases
            .split(',')
            .map((phase) => phase.trim())
            .filter(Boolean) as PhaseName[],
        }
      : {}),
    stateful: values.stateful !== false,
    ...(rerun ? { rerun } : {}),
    failOn,
    // Every reporter has seen each result whole when it is recorded: a passed one need keep only its verdict.
    retainDetail: 'verdicts',
  };
}

/** The report `--rerun-failed` names, read and checked (secret references from the environment). */
async function rerunReport(file: string, io: CliIO): Promise<RerunReport> {
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new ReportError(
      `--rerun-failed: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'give the JSON report of a plantkit contract run (--reporter json --output FILE)',
    );
  }
  return readRerunReport(text, file, (variable) => io.env[variable] || undefined);
}

/** `--fail-on failure|spec-gap`. */
function failOnFlag(value: unknown): FailOn {
  if (!(CONTRACT_FAIL_ON as readonly unknown[]).includes(value))
    throw new UsageError(
      `--fail-on must be one of ${CONTRACT_FAIL_ON.join(', ')}, got '${String(value)}'`,
      'e.g. --fail-on spec-gap',
    );
  return value as FailOn;
}

/** `{ [key]: value }`, or nothing when the value is absent. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** Close every reporter (each writes its file), then raise the first failure: one unwritable report must not lose the others. */
async function closeAll(reporters: ReadonlyArray<{ close(): Promise<void> }>): Promise<void> {
  const outcomes = await Promise.allSettled(reporters.map((reporter) => reporter.close()));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
