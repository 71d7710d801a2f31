/**
 * What a contract run holds while it sends: the HTTP client, the run
 * control (stops, pace), the results recorded so far, and the observers every
 * answer feeds (the resource pool, coverage, spec gaps). Phases see it as
 * their `PhaseSession`.
 */

import type { CaseResult, ContractCase } from '../core/exchange/types.js';
import { createHttpClient, type HttpClient } from '../core/http/http-client.js';
import { createCheckContext } from '../core/response/context.js';
import { CHECKS } from './checks/index.js';
import { CoverageTracker } from './coverage.js';
import type { PhaseSession } from './phase.js';
import { ResourcePool } from './producers/pool.js';
import { retainedResult } from './retained-result.js';
import { runCase } from './run-case.js';
import { createRunControl, type RunControl } from './run-control.js';
import type { RunPlan } from './run-plan.js';
import { SpecGapCollector } from './spec-gaps.js';
import type { RunExtras } from './types.js';

/** A run's state while it sends. */
export interface RunSession {
  client: HttpClient;
  control: RunControl;
  results: CaseResult[];
  extras: RunExtras;
  pool: ResourcePool;
  coverage: CoverageTracker;
  gaps: SpecGapCollector;
  /** Send a case and run the checks, without observing or recording it. */
  send(contractCase: ContractCase): Promise<CaseResult>;
  /** Take an answer in: the pool, the coverage and the spec gaps, in the order the run takes answers. */
  observe(result: CaseResult): void;
  /** Send a case and observe its answer. */
  execute(contractCase: ContractCase): Promise<CaseResult>;
  /** Record a result: it is counted, reported, then kept only as far as later readers need. */
  record(result: CaseResult): void;
  /** The session the phases plan and run with. */
  phase: PhaseSession;
  /** Whether a case id is selected by --only, --skip and --shard (--shard is set once every case is planned). */
  selected(id: string): boolean;
  /** Narrow the selection to this shard's ids. */
  restrictTo(inShard: (id: string) => boolean): void;
  /** How many cases the run expects to record: the selected static cases, once known. */
  expect(total: number): void;
}

/** Open the session of a planned run: nothing is sent yet. */
export function openRunSession(plan: RunPlan): RunSession {
  const { spec, settings, context, producers, validators, filtered } = plan;
  const checkContext = createCheckContext(spec, validators, settings.strict);
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
  const pool = new ResourcePool(producers, context.schemaValidator);
  const coverage = new CoverageTracker(spec.operations, producers);
  const gaps = new SpecGapCollector();
  const results: CaseResult[] = [];
  const extras: RunExtras = {};
  let inShard = (_id: string) => true;
  let expected = 0;
  const selected = (id: string) => filtered(id) && inShard(id);
  const send = (contractCase: ContractCase) => runCase(contractCase, client, checks, checkContext, settings, control);
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
      total: Math.max(expected, results.length),
    });
    // The reporters have seen it whole: from here on the run keeps what its later readers need (retained-result.ts).
    results[results.length - 1] = retainedResult(result, settings.retainDetail);
  };
  const phase = phaseSession(plan, { results, execute, record, selected, extras, pool, coverage, control });
  return {
    client,
    control,
    results,
    extras,
    pool,
    coverage,
    gaps,
    send,
    observe,
    execute,
    record,
    phase,
    selected,
    restrictTo: (shard) => {
      inShard = shard;
    },
    expect: (total) => {
      expected = total;
    },
  };
}

/** The session the phases see: the plan's spec and context, the run's recorders and the resource pool. */
function phaseSession(
  plan: RunPlan,
  run: Pick<RunSession, 'results' | 'execute' | 'record' | 'selected' | 'extras' | 'pool' | 'coverage' | 'control'>,
): PhaseSession {
  return {
    spec: plan.spec,
    settings: plan.settings,
    context: plan.context,
    results: run.results,
    execute: run.execute,
    resources: run.pool,
    record: (result) => {
      // A phase's sent results were taken in by `execute`; a skipped one only now.
      if (!result.exchange.response && !result.exchange.failure) run.coverage.observe(result);
      run.record(result);
    },
    selected: run.selected,
    stopped: () => run.control.stopped(),
    extras: run.extras,
  };
}
