/** `plantkit contract`: check an implementation against the spec. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHECKS } from '../../contract/checks/index.js';
import { CONTRACT_DEFAULTS, CONTRACT_FAIL_ON, PHASE_NAMES, type PhaseName } from '../../contract/options.js';
import { type RerunReport, readRerunReport } from '../../contract/rerun/read-report.js';
import { runContract } from '../../contract/run-contract.js';
import { parseShard } from '../../contract/shard.js';
import { failsRun } from '../../contract/spec-gaps.js';
import type { FailOn, RunResult } from '../../contract/types.js';
import { ReportError, UsageError } from '../../core/errors.js';
import type { Secret } from '../../core/exchange/redact.js';
import { type CredentialSet, credentialsFromEnv } from '../../core/security/credentials.js';
import { loadSpec } from '../../core/spec/load-spec.js';
import { createOverlayReporter } from '../../report/overlay-reporter.js';
import { checkReportFile } from '../../report/report-target.js';
import { durationFlag, integerFlag, parseCommandArgs, rateFlag } from '../args.js';
import { parseHeaderFlags } from '../header-flags.js';
import { capHeapGrowth } from '../heap-growth.js';
import { type CliIO, EXIT, exitForSignal, type StopSignal } from '../io.js';
import { checkReportOutputs, createReporters, reporterRequests } from '../reporter-flags.js';
import type { Command } from './command.js';

const HELP = `Usage: plantkit contract --base-url URL [options]

Send requests derived from the spec to a running implementation and check
every response (status, Content-Type, headers, body against its schema in
its media type, auth). Parameters are sent in every location and style the
spec declares; bodies as JSON, forms, multipart, text or XML.

Options:
  --base-url URL         implementation to test (required), e.g. http://127.0.0.1:8080; without a
                         path, the path of the spec's first server is used (/v1)
  --spec FILE            OpenAPI 3.0/3.1 or Swagger 2.0 file (default: ${CONTRACT_DEFAULTS.spec})
  --token-env NAME       environment variable holding the bearer token (default: ${CONTRACT_DEFAULTS.tokenEnv})
  --header 'NAME: VALUE' send this header with every request (repeatable); \${VAR} in
                         VALUE is read from the environment; credential-like headers
                         (Authorization, Cookie, *key*, *token*, *secret*) are never printed
  --timeout MS           per-request deadline in milliseconds (default: ${CONTRACT_DEFAULTS.timeoutMs})
  --max-duration TIME    stop sending after TIME (90s, 5m; default: no limit)
  --workers N            cases in flight at once (default: ${CONTRACT_DEFAULTS.workers}); results stay in case order
  --rate-limit N/s       at most N requests per second (or N/m per minute; default: no limit)
  --strict               also flag response properties the schema does not declare
  --contracts DIR        scenario files (default: contracts/ beside the spec)
  --no-contracts         run no scenario files
  --rerun-failed REPORT  send again only the failed cases and stateful sequences of an
                         earlier JSON report (--reporter json): the same requests, after the
                         producer steps that give them live resources again; a report that
                         does not match the spec is an error (exit 2) before any request
  --only ID              run only cases whose id starts with ID (repeatable); the
                         operation may be left out (auth/wrong-token) and * matches
                         within a segment (*/auth); matching nothing is an error
  --skip ID              skip cases whose id starts with ID (repeatable; same rules)
  --shard i/n            run share i of n (1 ≤ i ≤ n): the operations are dealt out by
                         collection, the same for every seed and machine; the n shards
                         together send every case once (merge: plantkit report merge)
  --quiet                print failing cases and the summary only
  --fail-on CLASS        what fails the run: failure (default) or spec-gap (an undocumented
                         status HTTP calls for, such as 404 for a made-up id, fails it too)
  --spec-gaps FILE       write the spec gaps as an OpenAPI Overlay 1.0 that documents them
                         (YAML for .yaml/.yml, else JSON), to review and apply to the spec
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Reports (repeatable; each --output belongs to the --reporter before it):
  --reporter NAME        console, json, junit, github, html (one self-contained page:
                         summary, coverage matrix, failures by signature, filters) or
                         har (HTTP Archive 1.2, for a browser's network panel)
                         (default: console; github is added when GITHUB_ACTIONS=true)
  --output FILE          write that reporter's report to FILE instead of stdout
                         (github: the markdown summary; default $GITHUB_STEP_SUMMARY)

Generated cases (property-based, after the static ones; docs/property-cases.md):
  --seed N               replay the generated cases of an earlier run (default: random; always printed)
  --max-cases N          random cases per operation in each random phase (default: ${CONTRACT_DEFAULTS.maxCases})
  --max-shrinks N        requests spent shrinking one failure (default: ${CONTRACT_DEFAULTS.maxShrinks}; 0 reports it unshrunk)
  --phases LIST          comma-separated, from ${PHASE_NAMES.join(',')} (default: all)
  --operation-budget TIME
                         most time one operation's generated cases take (default: ${CONTRACT_DEFAULTS.operationBudgetMs / 1000}s)
  --generated-budget TIME
                         most time all generated cases take, shared fairly among the
                         operations (default: ${CONTRACT_DEFAULTS.generatedBudgetMs / 60_000}m); what a budget cuts is reported
  --no-generated         send the static cases only (no generated cases, no stateful sequences)

Stateful sequences (after the generated cases, where the spec has collections; docs/stateful.md):
  create, read, list, update, delete and read again, following the ids the server returns;
  --seed replays them, a failure is shrunk to its shortest sequence, one curl line per step
  --no-stateful          no stateful sequences (also: --phases without stateful)

Credentials, from the environment (never printed; curl lines name the variable):
  ${CONTRACT_DEFAULTS.tokenEnv}         bearer token: HTTP bearer, OAuth2 and OpenID Connect (and API keys
                         when PLANTKIT_API_KEY is not set)
  PLANTKIT_API_KEY       the API key of every apiKey scheme (header, query or cookie)
  PLANTKIT_BASIC         user:password for HTTP Basic
  PLANTKIT_AUTH_<NAME>   the value for the security scheme NAME (upper case, _ between words:
                         partnerKey -> PLANTKIT_AUTH_PARTNER_KEY); wins over the three above

A run stops sending after ${CONTRACT_DEFAULTS.maxTransportFailures} requests in a row got no response, and on Ctrl-C or
SIGTERM; it then prints the summary of what ran and writes every report,
marked as interrupted, with the rest of the cases as not run.

Checks: ${CHECKS.map((check) => check.id).join(', ')}
Exit codes: 0 no failure (spec gaps are listed, not failed), 1 a case failed (or, with
            --fail-on spec-gap, a spec gap was found), 2 usage, spec or target error,
            130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM).`;

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

/** The contract command. */
export const contractCommand: Command = {
  name: 'contract',
  help: HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, tokens } = parseCommandArgs('contract', argv, {
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
      reporter: { type: 'string', multiple: true },
      output: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      io.stdout.write(`${HELP}\n`);
      return EXIT.ok;
    }
    const tokenEnv = String(values['token-env']);
    const token = io.env[tokenEnv] || undefined;
    const timeoutMs = integerFlag('timeout', values.timeout, CONTRACT_DEFAULTS.timeoutMs);
    const { headers, secrets: headerSecrets } = parseHeaderFlags((values.header as string[] | undefined) ?? [], io.env);
    const credentials = credentialsFromEnv(io.env, tokenEnv);
    const secrets = [...headerSecrets, ...credentialSecrets(credentials, io.env)];
    const shard = typeof values.shard === 'string' ? parseShard(values.shard) : undefined;
    const requests = reporterRequests(tokens, io.env);
    const failOn = failOnFlag(values['fail-on']);
    const overlayFile = typeof values['spec-gaps'] === 'string' ? path.resolve(io.cwd, values['spec-gaps']) : undefined;
    // Before the spec is read and before any request: findings must never be lost to an unwritable --output.
    await checkReportOutputs(requests, io);
    if (overlayFile) await checkReportFile(overlayFile, `--spec-gaps ${String(values['spec-gaps'])}`);
    const reporters = [
      ...createReporters(requests, { io, token, tokenEnv, secrets, quiet: values.quiet === true }),
      ...(overlayFile ? [createOverlayReporter({ file: overlayFile, token, tokenEnv, secrets })] : []),
    ];
    // A long run's peak memory follows V8's heap growth, not what the run keeps (heap-growth.ts).
    capHeapGrowth();
    const spec = await loadSpec(path.resolve(io.cwd, String(values.spec)), {
      allowExternalRefs: values['allow-external-refs'] === true,
    });
    const rerun =
      typeof values['rerun-failed'] === 'string' ? await rerunReport(values['rerun-failed'], io) : undefined;
    const contracts =
      values.contracts === false
        ? false
        : typeof values.contracts === 'string'
          ? path.resolve(io.cwd, values.contracts)
          : undefined;
    // Ctrl-C or a CI cancel stops the run; the reports of what ran are still written.
    const interrupt = new AbortController();
    let stopSignal: StopSignal | undefined;
    void io.waitForStop?.().then((signal) => {
      stopSignal = signal ?? 'SIGINT';
      interrupt.abort(stopSignal);
    });
    let result: RunResult;
    try {
      result = await runContract({
        baseUrl: String(values['base-url'] ?? ''),
        spec,
        token,
        credentials: {
          ...(credentials.apiKey ? { apiKey: credentials.apiKey } : {}),
          ...(credentials.basic ? { basic: credentials.basic } : {}),
          byScheme: credentials.byScheme,
        },
        tokenEnv,
        timeoutMs,
        headers,
        ...optional('maxDurationMs', durationFlag('max-duration', values['max-duration'])),
        workers: integerFlag('workers', values.workers, CONTRACT_DEFAULTS.workers),
        ...optional('rateLimit', rateFlag('rate-limit', values['rate-limit'])),
        signal: interrupt.signal,
        strict: values.strict === true,
        ...(contracts === undefined ? {} : { contracts }),
        only: (values.only as string[] | undefined) ?? [],
        skip: (values.skip as string[] | undefined) ?? [],
        ...(shard ? { shard } : {}),
        onEvent: (event) => {
          for (const reporter of reporters) reporter.onEvent(event);
        },
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
      });
    } finally {
      await closeAll(reporters);
    }
    if (result.stopped?.reason === 'interrupted') return exitForSignal(stopSignal ?? 'SIGINT');
    return failsRun(result, result.failOn) ? EXIT.findings : EXIT.ok;
  },
};

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
