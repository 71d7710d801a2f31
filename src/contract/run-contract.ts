/**
 * A contract run: plan it (load the spec, compile the validators, build the
 * cases), run it (send them, in order or --workers at a time with results
 * still reported in case order, run every check on every exchange, emit
 * events), and summarise it. Findings are results; only faults (bad options,
 * unreadable spec or contracts, unreachable target, missing token) throw. A
 * run that stops early (Ctrl-C, --max-duration, a target that stopped
 * answering) reports what ran and marks the rest as not run (run-control.ts).
 */

import type { ContractCase } from '../core/exchange/types.js';
import { checkCaseFilter } from './case-filter.js';
import type { ContractOptions, NormalizedContractOptions } from './options.js';
import type { ContractPhase } from './phase.js';
import { propertyPhase } from './property/property-phase.js';
import { runRerunCases } from './rerun/run-rerun.js';
import { planRun, type RunPlan } from './run-plan.js';
import { openRunSession, type RunSession } from './run-session.js';
import { summariseRun } from './run-summary.js';
import { createShardSelector } from './shard.js';
import { statefulPhase } from './stateful/stateful-phase.js';
import { runStaticCases } from './static-run.js';
import type { RunResult } from './types.js';

/** Phases that run after the static cases, in order (see phase.ts). */
const PHASES: readonly ContractPhase[] = [propertyPhase, statefulPhase];

/** The phases a run takes, and what they and the static cases will send. */
interface PhasePlan {
  phases: readonly ContractPhase[];
  /** Ids the phases expect to record. */
  planned: string[];
  /** The generated phases, then every other phase that has something to send (the run header). */
  phaseNames: string[];
  /** The static cases selected by --only, --skip and --shard. */
  cases: ContractCase[];
}

/** Run the contract cases against `options.baseUrl` and return the verdict. */
export async function runContract(options: ContractOptions): Promise<RunResult> {
  const plan = await planRun(options);
  const session = openRunSession(plan);
  const phases = planPhases(plan, session);
  const started = performance.now();
  try {
    await sendEverything(plan, session, phases);
  } finally {
    session.control.close();
    await session.client.close();
  }
  const result = summariseRun(plan, session, Math.round(performance.now() - started));
  plan.settings.onEvent({ type: 'run-finished', result });
  return result;
}

/** The phases' plans, the filter check and the shard's share: everything known before the first request. */
function planPhases(plan: RunPlan, session: RunSession): PhasePlan {
  const { settings, allCases, operationIds, filtered, spec } = plan;
  const phases = PHASES.filter((phase) => phase.enabled(settings));
  const plannedByPhase = phases.map((phase) => [phase, phase.plan(session.phase)] as const);
  const planned = plannedByPhase.flatMap(([, ids]) => ids);
  const phaseNames = [
    ...settings.phases,
    ...plannedByPhase.filter(([phase, ids]) => phase !== propertyPhase && ids.length > 0).map(([phase]) => phase.name),
  ];
  // Before any request: a filter that selects nothing is a typo, never a silent green run.
  checkCaseFilter(settings, operationIds, [...allCases.map((item) => item.id), ...planned]);
  if (settings.shard) {
    const planIds = [...allCases.map((item) => item.id), ...planned].filter(filtered);
    session.restrictTo(createShardSelector(settings.shard, spec.operations, planIds, settings.maxCases));
  }
  const cases = allCases.filter((item) => session.selected(item.id));
  session.expect(cases.length);
  return { phases, planned, phaseNames, cases };
}

/** Probe the target, announce the run, then send the static (or rerun) cases and run every phase. */
async function sendEverything(plan: RunPlan, session: RunSession, phases: PhasePlan): Promise<void> {
  const { settings, spec, context, rerun } = plan;
  if (!settings.dispatcher) await session.client.probe(settings.baseUrl);
  settings.onEvent(runStarted(plan, session, phases));
  if (rerun)
    await runRerunCases({
      cases: phases.cases,
      operations: spec.operations,
      context,
      selected: session.selected,
      execute: session.execute,
      record: session.record,
    });
  else
    await runStaticCases({
      operations: spec.operations,
      context,
      builders: plan.builders,
      planned: plan.allCases,
      selected: session.selected,
      workers: settings.workers,
      pool: session.pool,
      execute: session.send,
      observe: session.observe,
      record: session.record,
    });
  for (const phase of phases.phases) await phase.run(session.phase);
}

/** The run-started event: what the run will send, with which seed and budgets, and which credentials it has. */
function runStarted(plan: RunPlan, session: RunSession, phases: PhasePlan) {
  const { settings, spec, serverPath, rerun } = plan;
  const generated =
    settings.generated && !rerun
      ? {
          generated: {
            seed: settings.seed,
            maxCases: settings.maxCases,
            phases: phases.phaseNames,
            operationBudgetMs: settings.operationBudgetMs,
            generatedBudgetMs: settings.generatedBudgetMs,
          },
        }
      : {};
  const estimate =
    phases.phases.length > 0 ? { generatedEstimate: phases.planned.filter(session.selected).length } : {};
  const others = otherCredentials(settings.credentials);
  return {
    type: 'run-started' as const,
    baseUrl: settings.baseUrl,
    spec,
    total: phases.cases.length,
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
            cases: phases.cases.length,
            sequences: rerun.sequences.length,
            seed: settings.seed,
          },
        }
      : {}),
  };
}

/** The kinds of credentials configured beside the token, for the run header (never their values). */
function otherCredentials(credentials: NormalizedContractOptions['credentials']): string[] {
  return [
    ...(credentials.apiKey ? ['api key'] : []),
    ...(credentials.basic ? ['basic'] : []),
    ...Object.keys(credentials.byScheme).map((name) => `scheme ${name}`),
  ];
}
