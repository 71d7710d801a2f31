/**
 * A contract run: load the spec, compile the validators, build the cases,
 * send them (in order, or --workers at a time with results still reported
 * in case order), run every check on every exchange, emit events.
 * Findings are results; only faults (bad options, unreadable spec or
 * contracts, unreachable target, missing token) throw. A run that stops
 * early (Ctrl-C, --max-duration, a target that stopped answering) reports
 * what ran and marks the rest as not run (run-control.ts).
 */

import { loadScenarios } from '../core/contracts/contracts-file.js';
import { PlantkitError } from '../core/errors.js';
import type { CaseResult, ContractCase } from '../core/exchange/types.js';
import { createHttpClient } from '../core/http/http-client.js';
import { inferProducers } from '../core/resources/producers.js';
import { createCheckContext } from '../core/response/context.js';
import type { CheckContext } from '../core/response/types.js';
import { loadSpec } from '../core/spec/load-spec.js';
import { serverBasePath } from '../core/spec/servers.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { compileValidators } from '../core/validation/compile-validators.js';
import { checkCaseFilter, createCaseSelector } from './case-filter.js';
import { buildCases, CASE_BUILDERS, createCaseContext } from './cases/index.js';
import { CHECKS } from './checks/index.js';
import { CoverageTracker } from './coverage.js';
import { missingCredentials } from './credentials.js';
import { type ContractOptions, type NormalizedContractOptions, normalizeContractOptions } from './options.js';
import type { ContractPhase, PhaseSession } from './phase.js';
import { ResourcePool } from './producers/pool.js';
import { propertyPhase } from './property/property-phase.js';
import { planRerun } from './rerun/plan-rerun.js';
import { runRerunCases } from './rerun/run-rerun.js';
import { retainedResult } from './retained-result.js';
import { routeTwinNotes } from './route-twins.js';
import { runCase } from './run-case.js';
import { createRunControl } from './run-control.js';
import { runHints } from './run-hints.js';
import { createShardSelector } from './shard.js';
import { distinctFailures } from './signature.js';
import { SpecGapCollector } from './spec-gaps.js';
import { sequencePrefixes, statefulPhase } from './stateful/stateful-phase.js';
import { runStaticCases } from './static-run.js';
import type { RunExtras, RunResult, RunStop } from './types.js';

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
  // Operations no server can tell apart: said before any verdict that may be about the other one.
  const notes: string[] = routeTwinNotes(spec.operations);
  // Which answers feed which parameters (core/resources/producers.ts): known before any request, filled as the run goes.
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
    // The reporters have seen it whole: from here on the run keeps what its later readers need (retained-result.ts).
    results[results.length - 1] = retainedResult(result, settings.retainDetail);
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
