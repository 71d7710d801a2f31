/**
 * A contract run: load the spec, compile the validators, build the cases,
 * send them (in order, or --workers at a time with results still reported
 * in case order), run every check on every exchange, emit events.
 * Findings are results; only faults (bad options, unreadable spec or
 * contracts, unreachable target, missing token) throw. A run that stops
 * early (Ctrl-C, --max-duration, a target that stopped answering) reports
 * what ran and marks the rest as not run (run-control.ts).
 */
import { PlantkitError } from '../errors.js';
import { createHttpClient, type HttpClient, type IncomingResult } from '../http/http-client.js';
import { loadSpec } from '../spec/load-spec.js';
import { serverBasePath } from '../spec/servers.js';
import type { LoadedSpec } from '../spec/types.js';
import { compileValidators } from '../validation/compile-validators.js';
import { buildCases, CASE_BUILDERS, createCaseContext } from './cases/index.js';
import { inferProducers } from '../resources/producers.js';
import { CoverageTracker } from './coverage.js';
import { ResourcePool } from './producers/pool.js';
import { runStaticCases } from './static-run.js';
import { planRerun } from './rerun/plan-rerun.js';
import { runRerunCases } from './rerun/run-rerun.js';
import { checkCaseFilter, createCaseSelector } from './case-filter.js';
import { createShardSelector } from './shard.js';
import {
  analyseExchange,
  CHECKS,
  createCheckContext,
  decodeResponseBody,
  type Check,
  type CheckContext,
} from './checks/index.js';
import { loadScenarios } from './contracts-file.js';
import { missingCredentials } from './credentials.js';
import { runHints } from './run-hints.js';
import { normalizeContractOptions, type ContractOptions, type NormalizedContractOptions } from './options.js';
import type { ContractPhase, PhaseSession } from './phase.js';
import { propertyPhase } from './property/property-phase.js';
import { sequencePrefixes, statefulPhase } from './stateful/stateful-phase.js';
import { createRunControl, RunStoppedError, type RunControl } from './run-control.js';
import { distinctFailures } from './signature.js';
import { SpecGapCollector, withFailOn } from './spec-gaps.js';
import type { CaseResult, ContractCase, Exchange, RunExtras, RunResult, RunStop } from './types.js';

/** Phases that run after the static cases, in order (see phase.ts). */
const PHASES: readonly ContractPhase[] = [propertyPhase, statefulPhase];

/** Run the contract cases against `options.baseUrl` and return the verdict. */
export async function runContract(options: ContractOptions): Promise<RunResult> {
  const given = normalizeContractOptions(options);
  const spec = typeof given.spec === 'string' ? await loadSpec(given.spec) : given.spec;
  // A --base-url without a path gets the path of the spec's first server (`https://api.example.com/v1` -> `/v1`), OAS 4.8.5.
  const serverPath = ['', '/'].includes(new URL(given.baseUrl).pathname) ? serverBasePath(spec.servers) : '';
  const settings: NormalizedContractOptions = serverPath
    ? { ...given, baseUrl: `${given.baseUrl}${serverPath}` }
    : given;
  const validators = settings.validators ?? compileValidators(spec);
  const missing = missingCredentials(spec.operations, settings.credentials, settings.headers);
  if (missing) {
    const variables = missing.map((variable) => (variable === 'PLANTKIT_TOKEN' ? settings.tokenEnv : variable));
    throw new PlantkitError(
      'PLANTKIT_AUTH_MISSING',
      `the spec requires credentials but ${variables.join(' and ')} ${variables.length > 1 ? 'are' : 'is'} not set`,
      {
        hint: `export ${variables[0]!.split(' ')[0]}=<value>, or pass the credential's header with --header; the plantkit mock accepts any well-formed credential unless started with --token, --api-key or --basic`,
      },
    );
  }
  const scenarios =
    settings.contracts === false
      ? new Map()
      : await loadScenarios(settings.contracts, spec, settings.contractsRequired);
  const notes: string[] = [];
  // Which answers feed which parameters (resources/producers.ts): known before any request, filled as the run goes.
  const producers = inferProducers(spec.operations);
  const context = {
    ...createCaseContext(spec, validators, { ...settings, scenarios, note: (text) => notes.push(text) }),
    producers,
  };
  const builders = [...CASE_BUILDERS, ...settings.extraCaseBuilders];
  // --rerun-failed: the report's failed cases, checked against this spec before any request, instead of built ones.
  const rerun = settings.rerun && planRerun(settings.rerun, spec, sequencePrefixes(spec, context));
  if (rerun && rerun.cases.length + rerun.sequences.length === 0)
    notes.push(`--rerun-failed: ${settings.rerun!.file} holds no failed case; nothing was sent`);
  const allCases = rerun ? rerun.cases : await buildCases(spec.operations, context, builders);
  const pool = new ResourcePool(producers, context.schemaValidator);
  const coverage = new CoverageTracker(spec.operations, producers);
  const operationIds = spec.operations.map((operation) => operation.id);
  const filtered = createCaseSelector(settings, operationIds);
  // --shard: worked out once every case is planned (below), from the cases --only and --skip leave.
  let inShard = (_id: string) => true;
  const selected = (id: string) => filtered(id) && inShard(id);
  const checkContext: CheckContext = createCheckContext(spec, validators, settings.strict);
  const checks = settings.checks ?? CHECKS;

  const client = createHttpClient({
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    ...(settings.dispatcher ? { dispatcher: settings.dispatcher } : {}),
  });
  const control = createRunControl({
    signal: settings.signal,
    maxDurationMs: settings.maxDurationMs,
    rateLimit: settings.rateLimit,
    maxTransportFailures: settings.maxTransportFailures,
  });
  const results: CaseResult[] = [];
  const extras: RunExtras = {};
  const send = (contractCase: ContractCase) => runCase(contractCase, client, checks, checkContext, settings, control);
  // Every answer feeds the resource pool and the coverage, in the order the run takes them in.
  const gaps = new SpecGapCollector();
  const observe = (result: CaseResult) => {
    pool.observe(result.exchange);
    coverage.observe(result);
    gaps.observe(result);
  };
  const execute = async (contractCase: ContractCase) => {
    const result = await send(contractCase);
    observe(result);
    return result;
  };
  const record = (result: CaseResult) => {
    results.push(result);
    settings.onEvent({
      type: 'case-finished',
      result,
      index: results.length - 1,
      total: Math.max(cases.length, results.length),
    });
  };
  const session: PhaseSession = {
    spec,
    settings,
    context,
    results,
    execute,
    resources: pool,
    record: (result) => {
      // A phase's sent results were taken in by `execute`; a skipped one only now.
      if (!result.exchange.response && !result.exchange.failure) coverage.observe(result);
      record(result);
    },
    selected,
    stopped: () => control.stopped(),
    extras,
  };
  const phases = PHASES.filter((phase) => phase.enabled(settings));
  const plannedByPhase = phases.map((phase) => [phase, phase.plan(session)] as const);
  const planned = plannedByPhase.flatMap(([, ids]) => ids);
  // The run header names the generated phases, then every other phase that has something to send.
  const phaseNames = [
    ...settings.phases,
    ...plannedByPhase.filter(([phase, ids]) => phase !== propertyPhase && ids.length > 0).map(([phase]) => phase.name),
  ];
  // Before any request: a filter that selects nothing is a typo, never a silent green run.
  checkCaseFilter(settings, operationIds, [...allCases.map((item) => item.id), ...planned]);
  if (settings.shard) {
    const planIds = [...allCases.map((item) => item.id), ...planned].filter(filtered);
    inShard = createShardSelector(settings.shard, spec.operations, planIds, settings.maxCases);
  }
  const cases = allCases.filter((item) => selected(item.id));

  const started = performance.now();
  try {
    if (!settings.dispatcher) await client.probe(settings.baseUrl);
    const generated =
      settings.generated && !rerun
        ? {
            generated: {
              seed: settings.seed,
              maxCases: settings.maxCases,
              phases: phaseNames,
              operationBudgetMs: settings.operationBudgetMs,
              generatedBudgetMs: settings.generatedBudgetMs,
            },
          }
        : {};
    const estimate = phases.length > 0 ? { generatedEstimate: planned.filter(selected).length } : {};
    const others = otherCredentials(settings.credentials);
    settings.onEvent({
      type: 'run-started',
      baseUrl: settings.baseUrl,
      spec,
      total: cases.length,
      strict: settings.strict,
      ...estimate,
      ...generated,
      ...(serverPath ? { serverPath } : {}),
      ...(settings.shard ? { shard: settings.shard } : {}),
      ...(others.length > 0 ? { otherCredentials: others } : {}),
      ...(rerun
        ? {
            rerun: {
              file: settings.rerun!.file,
              cases: cases.length,
              sequences: rerun.sequences.length,
              seed: settings.seed,
            },
          }
        : {}),
    });
    if (rerun) await runRerunCases({ cases, operations: spec.operations, context, selected, execute, record });
    else
      await runStaticCases({
        operations: spec.operations,
        context,
        builders,
        planned: allCases,
        selected,
        workers: settings.workers,
        pool,
        execute: send,
        observe,
        record,
      });
    for (const phase of phases) await phase.run(session);
  } finally {
    control.close();
    await client.close();
  }
  const result = {
    ...summarise(settings.baseUrl, spec, results, control.stopped(), Math.round(performance.now() - started), notes),
    ...extras,
    failOn: settings.failOn,
    specGaps: gaps.list(),
    distinctFailures: distinctFailures(results),
    // A rerun sends a few chosen cases: what they reach says nothing of the API's coverage.
    ...(rerun ? {} : { coverage: coverage.report() }),
  };
  settings.onEvent({ type: 'run-finished', result });
  return result;
}

/** The kinds of credentials configured beside the token, for the run header (never their values). */
function otherCredentials(credentials: NormalizedContractOptions['credentials']): string[] {
  return [
    ...(credentials.apiKey ? ['api key'] : []),
    ...(credentials.basic ? ['basic'] : []),
    ...Object.keys(credentials.byScheme).map((name) => `scheme ${name}`),
  ];
}

/**
 * Send one case and check what came back. With a run controller, the
 * request waits for its turn (--rate-limit) and throws RunStoppedError once
 * the run has stopped, including when the stop cut the request off.
 */
async function runCase(
  contractCase: ContractCase,
  client: HttpClient,
  checks: readonly Check[],
  context: CheckContext,
  settings: Pick<NormalizedContractOptions, 'baseUrl' | 'failOn'> & Partial<Pick<NormalizedContractOptions, 'headers'>>,
  control?: RunControl,
): Promise<CaseResult> {
  const url = settings.baseUrl + contractCase.request.path;
  if (contractCase.skip) {
    return {
      case: contractCase,
      exchange: { case: contractCase, url, durationMs: 0 },
      findings: [],
      verdict: 'skipped',
    };
  }
  const sentCase = withExtraHeaders(contractCase, settings.headers ?? {});
  await control?.acquire();
  const sent = await client.send({ url, ...sentCase.request, ...(control ? { signal: control.signal } : {}) });
  if (sent.unsupported) return unsupportedResult(sentCase, url, sent.durationMs, sent.unsupported);
  const stop = control?.stopped();
  // A request the stop cut off never got its answer: it is not run, not failed.
  if (stop && sent.failure) throw new RunStoppedError(stop);
  const exchange: Exchange = {
    case: sentCase,
    url,
    durationMs: sent.durationMs,
    ...(sent.response ? { response: sent.response } : {}),
    ...(sent.failure ? { failure: sent.failure } : {}),
  };
  const analysed = analyseExchange(exchange, await decodeResponseBody(exchange));
  const findings = withFailOn(
    checks.flatMap((check) => check.run(analysed, context)),
    settings.failOn,
  );
  const unpinned = unpinnedMock(sentCase, exchange);
  const result: CaseResult = unpinned
    ? { case: { ...sentCase, skip: unpinned }, exchange, findings: [], verdict: 'skipped' }
    : {
        case: sentCase,
        exchange,
        findings,
        verdict: findings.some((item) => item.severity === 'error') ? 'failed' : 'passed',
      };
  control?.record(result);
  return result;
}

/**
 * A case the runner could not judge (http-client.ts): a request the HTTP
 * client cannot send as built is a value it could not generate, an upgrade
 * an exchange it does not support. A skip with the reason, never a finding.
 */
function unsupportedResult(
  contractCase: ContractCase,
  url: string,
  durationMs: number,
  unsupported: NonNullable<IncomingResult['unsupported']>,
): CaseResult {
  const reason =
    unsupported.kind === 'upgrade'
      ? `not supported by the runner: ${unsupported.message}`
      : `cannot generate a sendable request: ${unsupported.message}`;
  const skipped = { ...contractCase, skip: reason };
  return { case: skipped, exchange: { case: skipped, url, durationMs }, findings: [], verdict: 'skipped' };
}

/**
 * A plantkit mock says in `x-plantkit-mock` which schemes it pins; one that
 * accepts any value for the scheme a wrong-credential case relies on cannot
 * refuse it, so the case is skipped there, saying how to pin the value. Real
 * servers never send the header, so nothing is weakened against them.
 */
function unpinnedMock(contractCase: ContractCase, exchange: Exchange): string | undefined {
  const identity = exchange.response?.headers['x-plantkit-mock'];
  if (!contractCase.needsPinned || identity === undefined) return undefined;
  const pinned = /credentials=pinned:([^;]*)/.exec(identity)?.[1]?.split(',') ?? [];
  if (pinned.includes(contractCase.needsPinned)) return undefined;
  return `the plantkit mock accepts any credential for ${contractCase.needsPinned}; pin it to run this case (plantkit mock --token T, --api-key K or --basic U:P, or start it with PLANTKIT_TOKEN set)`;
}

/**
 * The case with the --header headers added. The case's own headers win, and
 * an auth case never gets an Authorization header it left out on purpose.
 */
function withExtraHeaders(contractCase: ContractCase, extra: Readonly<Record<string, string>>): ContractCase {
  const names = Object.keys(extra).filter(
    (name) => !(name in contractCase.request.headers) && !(contractCase.kind === 'auth' && name === 'authorization'),
  );
  if (names.length === 0) return contractCase;
  const headers = { ...Object.fromEntries(names.map((name) => [name, extra[name]!])), ...contractCase.request.headers };
  return { ...contractCase, request: { ...contractCase.request, headers } };
}

function summarise(
  baseUrl: string,
  spec: LoadedSpec,
  results: CaseResult[],
  stopped: RunStop | undefined,
  durationMs: number,
  notes: readonly string[],
): Omit<RunResult, 'failOn' | 'specGaps' | 'distinctFailures'> {
  const count = (predicate: (result: CaseResult) => boolean) => results.filter(predicate).length;
  return {
    baseUrl,
    results,
    passed: count((result) => result.verdict === 'passed'),
    failed: count((result) => result.verdict === 'failed'),
    skipped: count((result) => result.verdict === 'skipped' && !result.notRun),
    notRun: count((result) => result.notRun === true),
    ...(stopped ? { stopped } : {}),
    hints: [...notes, ...runHints(results, spec, baseUrl)],
    durationMs,
  };
}
