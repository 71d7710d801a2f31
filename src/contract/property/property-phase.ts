/**
 * The property-based phase of a contract run (docs/property-cases.md). For
 * each operation with parameters or a body: the boundary phase (fixed edge
 * values), then random valid requests, then random invalid ones, every
 * request checked on the wire before it is sent and by the same registered
 * checks as the static cases after. Runs after the static cases, whose
 * accepted ids it keeps clear of, within its time budget (budget.ts).
 */

import type { CaseResult, GeneratedPhase } from '../../core/exchange/types.js';
import { parseJson } from '../../core/json/exact-json.js';
import type { Operation } from '../../core/spec/types.js';
import type { ContractPhase, PhaseSession } from '../phase.js';
import { operationStages } from '../producers/operation-order.js';
import { plannedBoundaryIds, runBoundaryPhase } from './boundary-phase.js';
import { budgetCut, GeneratedBudget, type OperationBudget } from './budget.js';
import type { OperationRun } from './operation-run.js';
import { runRandomPhase } from './random-phase.js';
import { skippedResult } from './results.js';
import { GeneratedSender } from './sender.js';
import { propertyTarget } from './target.js';
import { UniqueIds } from './unique-ids.js';

/** The generated cases as a phase of the runner. */
export const propertyPhase: ContractPhase = {
  name: 'generated',
  enabled: (settings) => settings.generated && settings.phases.length > 0,
  plan: (session) => session.spec.operations.flatMap((operation) => plannedOf(session, operation)),
  run: runPropertyPhase,
};

/** Targets are built once per run: the plan and the run share them. */
const targets = new WeakMap<PhaseSession, Map<string, ReturnType<typeof propertyTarget>>>();

/** The plan of each operation, computed once per run. */
const plans = new WeakMap<PhaseSession, Map<string, string[]>>();

function plannedOf(session: PhaseSession, operation: Operation): string[] {
  let byOperation = plans.get(session);
  if (!byOperation) plans.set(session, (byOperation = new Map()));
  if (!byOperation.has(operation.id)) byOperation.set(operation.id, plannedIds(session, operation));
  return byOperation.get(operation.id)!;
}

function targetOf(session: PhaseSession, operation: Operation): ReturnType<typeof propertyTarget> {
  let byOperation = targets.get(session);
  if (!byOperation) targets.set(session, (byOperation = new Map()));
  if (!byOperation.has(operation.id))
    byOperation.set(operation.id, propertyTarget(operation, session.context, session.spec));
  return byOperation.get(operation.id);
}

/**
 * Ids of the generated cases an operation can record: its boundary edges
 * (those its schemas admit) and one per random phase, or its one
 * `cannot-generate`. An estimate: an edge the wire check refuses, or whose
 * id the run already had accepted, is left out while it runs.
 */
function plannedIds(session: PhaseSession, operation: Operation): string[] {
  const outcome = targetOf(session, operation);
  if (!outcome) return [];
  if ('cannot' in outcome) return [`${operation.id}/generated/cannot-generate`];
  const { target } = outcome;
  const { phases, maxCases, seed } = session.settings;
  // A scratch register: planning must not move the ids the run itself hands out.
  const ids = new UniqueIds(seed);
  const run: OperationRun = {
    session,
    target,
    sender: new GeneratedSender(session, ids),
    ids,
    halted: undefined,
    planned: new Set(),
  };
  return [
    ...(phases.includes('boundary') ? plannedBoundaryIds(run) : []),
    ...(phases.includes('positive') && maxCases > 0 ? [`${operation.id}/generated/positive`] : []),
    ...(phases.includes('negative') && maxCases > 0 && target.mutations.length > 0
      ? [`${operation.id}/generated/negative`]
      : []),
  ];
}

async function runPropertyPhase(session: PhaseSession): Promise<void> {
  const { settings } = session;
  const ids = new UniqueIds(settings.seed);
  for (const result of session.results) recordAcceptedIds(ids, result);
  const unanswered = staticTransportFailures(session.results);
  const sender = new GeneratedSender(session, ids);
  const budget = new GeneratedBudget({
    operationMs: settings.operationBudgetMs,
    generatedMs: settings.generatedBudgetMs,
  });
  session.extras.budget = { operationMs: settings.operationBudgetMs, generatedMs: settings.generatedBudgetMs, cut: [] };
  // Producers first and DELETEs last, as in the static run: consumers then find live resources.
  const operations = session.resources
    ? operationStages(session.spec.operations, session.resources.producers).flat()
    : session.spec.operations;
  const work = operations
    .map((operation) => ({ operation, planned: plannedOf(session, operation).filter((id) => session.selected(id)) }))
    .filter((item) => item.planned.length > 0);
  for (const [index, { operation, planned }] of work.entries()) {
    // Once the run has stopped (Ctrl-C, --max-duration), the rest is only reported: building each operation's
    // generators first cost minutes on GitHub-sized specs after a SIGTERM.
    if (session.stopped()) {
      reportUnsent(session, operation, planned, undefined);
      continue;
    }
    const outcome = targetOf(session, operation)!;
    if ('cannot' in outcome) {
      // Reported once per operation, as a skip: a spec the runner cannot satisfy is no server failure.
      session.record(
        skippedResult(
          operation,
          { id: planned[0]!, title: 'generated cases', phase: settings.phases[0]!, seed: settings.seed },
          `cannot generate a valid request: ${outcome.cannot}`,
          settings.baseUrl,
        ),
      );
      continue;
    }
    const run: OperationRun = {
      session,
      target: outcome.target,
      sender,
      ids,
      halted: unanswered.get(operation.id),
      planned: new Set(planned),
    };
    if (!session.stopped()) await runOperation(run, budget.operation(work.length - index), budget);
    reportUnsent(session, operation, planned, run);
    // Its generators are not needed again: a large spec keeps one operation's in memory at a time.
    targets.get(session)?.delete(operation.id);
  }
  session.extras.budget.cut = budget.report();
}

/** The phases of one operation, each with its share of the operation's budget; what the budget cuts is recorded. */
async function runOperation(
  run: OperationRun,
  operationBudget: OperationBudget,
  budget: GeneratedBudget,
): Promise<void> {
  const { session, target } = run;
  const phases = session.settings.phases.filter((phase) => phase !== 'negative' || target.mutations.length > 0);
  for (const [index, phase] of phases.entries()) {
    if (run.halted || session.stopped()) return;
    const ran = operationBudget.expired();
    if (ran) {
      // No time left at all: the phase does not start (a boundary phase names every case it leaves out).
      const unsent =
        phase === 'boundary' ? [...run.planned].filter((id) => id.includes('/generated/boundary/')) : undefined;
      budget.cut(budgetCut(target.operation.id, phase, ran, 0, unsent));
      continue;
    }
    const clock = operationBudget.phase(phases.length - index);
    // A phase reports a cut only once its clock has expired, which it stays.
    if (phase === 'boundary') {
      const { requests, cut, notSent } = await runBoundaryPhase(run, clock);
      if (cut) budget.cut(budgetCut(target.operation.id, phase, clock.expired()!, requests, notSent));
    } else {
      const requests = await runRandomPhase(run, phase, clock);
      if (requests !== undefined) budget.cut(budgetCut(target.operation.id, phase, clock.expired()!, requests));
    }
  }
}

/** After a stop, every planned case left unsent is reported as not run, as the static ones are; after a halt, one `not-sent`. */
function reportUnsent(
  session: PhaseSession,
  operation: Operation,
  planned: readonly string[],
  run: OperationRun | undefined,
): void {
  const { settings } = session;
  const stop = session.stopped();
  if (stop) {
    const recorded = recordedIds(session);
    for (const id of planned.filter((plannedId) => !recorded.has(plannedId))) {
      const phase = id.slice(`${operation.id}/generated/`.length).split('/')[0] as GeneratedPhase;
      session.record({
        ...skippedResult(
          operation,
          { id, title: 'generated case', phase, seed: settings.seed },
          `not run: ${stop.message}`,
          settings.baseUrl,
        ),
        notRun: true,
      });
    }
  } else if (run?.halted) {
    const label = {
      id: `${operation.id}/generated/not-sent`,
      title: 'remaining generated cases',
      phase: settings.phases[0]!,
      seed: settings.seed,
    };
    session.record(skippedResult(operation, label, `not sent: ${run.halted}`, settings.baseUrl));
  }
}

/**
 * The ids of the cases recorded when the run stopped, worked out once per
 * session: a stopped run reports the rest of every operation, and a set
 * rebuilt over every result for each of GitHub's 845 operations was
 * operations x results work. Cases recorded after the stop are other
 * operations' (planned ids are unique), so the set stays right.
 */
const recordedAtStop = new WeakMap<PhaseSession, Set<string>>();

function recordedIds(session: PhaseSession): Set<string> {
  let ids = recordedAtStop.get(session);
  if (!ids) {
    ids = new Set(session.results.map((result) => result.case.id));
    recordedAtStop.set(session, ids);
  }
  return ids;
}

/** Ids the static cases got accepted are taken before the first generated request. */
function recordAcceptedIds(ids: UniqueIds, result: CaseResult): void {
  const status = result.exchange.response?.status ?? 0;
  const body = result.case.request.body;
  if (status < 200 || status >= 300 || body === undefined) return;
  const parsed = parseJson(body);
  if (parsed.ok) ids.recordAccepted(parsed.value);
}

/**
 * Why not to start, by operation: a static case of the operation already got
 * no usable response (a hanging server would cost a timeout per case).
 */
function staticTransportFailures(results: readonly CaseResult[]): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const result of results) {
    const failure = result.exchange.failure;
    const operationId = result.case.operation.id;
    if (failure && !reasons.has(operationId))
      reasons.set(operationId, `a static case (${result.case.id}) got no usable response (${failure.kind})`);
  }
  return reasons;
}
