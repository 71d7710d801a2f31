/**
 * The property-based phase of a contract run (docs/property-cases.md). For
 * each operation with a JSON request body: the boundary phase (fixed edge
 * values), then random valid bodies, then random invalid ones, every request
 * checked by the same registered checks as the static cases. Runs after the
 * static cases, whose accepted ids it keeps clear of.
 */
import { parseJson } from '../../json/exact-json.js';
import type { ContractPhase, PhaseSession } from '../phase.js';
import type { CaseResult, GeneratedPhase } from '../types.js';
import type { Operation } from '../../spec/types.js';
import { plannedBoundaryIds, runBoundaryPhase } from './boundary-phase.js';
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
  plan: (session) => session.spec.operations.flatMap((operation) => plannedIds(session, operation)),
  run: runPropertyPhase,
};

/**
 * Ids of the generated cases an operation can record: its boundary edges
 * (those its schema admits) and one per random phase. An estimate: an edge
 * whose id the run already had accepted is left out while it runs.
 */
function plannedIds(session: PhaseSession, operation: Operation): string[] {
  const target = propertyTarget(operation, session.context, session.spec);
  if (!target) return [];
  const { phases, maxCases, seed } = session.settings;
  // A scratch register: planning must not move the ids the run itself hands out.
  const ids = new UniqueIds(seed);
  const run: OperationRun = { session, target, sender: new GeneratedSender(session, ids), ids, halted: undefined };
  return [
    ...(phases.includes('boundary') ? plannedBoundaryIds(run) : []),
    ...(phases.includes('positive') && maxCases > 0 ? [`${operation.id}/generated/positive`] : []),
    ...(phases.includes('negative') && maxCases > 0 && target.invalid ? [`${operation.id}/generated/negative`] : []),
  ];
}

async function runPropertyPhase(session: PhaseSession): Promise<void> {
  const { settings } = session;
  const ids = new UniqueIds(settings.seed);
  for (const result of session.results) recordAcceptedIds(ids, result);
  const sender = new GeneratedSender(session, ids);
  for (const operation of session.spec.operations) {
    const planned = plannedIds(session, operation).filter((id) => session.selected(id));
    if (planned.length === 0) continue;
    const target = propertyTarget(operation, session.context, session.spec)!;
    const label = { id: `${operation.id}/generated/not-sent`, title: 'remaining generated cases', phase: settings.phases[0]!, seed: settings.seed };
    const run: OperationRun = { session, target, sender, ids, halted: staticTransportFailure(session.results, operation.id) };
    for (const phase of settings.phases) {
      if (run.halted || session.stopped()) break;
      await (phase === 'boundary' ? runBoundaryPhase(run) : runRandomPhase(run, phase));
    }
    const stop = session.stopped();
    if (stop) {
      // Every planned case the stop left unsent is reported as not run, as the static ones are.
      const recorded = new Set(session.results.map((result) => result.case.id));
      for (const id of planned.filter((plannedId) => !recorded.has(plannedId))) {
        const phase = id.slice(`${operation.id}/generated/`.length).split('/')[0] as GeneratedPhase;
        session.record({ ...skippedResult(operation, { id, title: 'generated case', phase, seed: settings.seed }, `not run: ${stop.message}`, settings.baseUrl), notRun: true });
      }
    } else if (run.halted) {
      session.record(skippedResult(operation, label, `not sent: ${run.halted}`, settings.baseUrl));
    }
  }
}

/** Ids the static cases got accepted are taken before the first generated request. */
function recordAcceptedIds(ids: UniqueIds, result: CaseResult): void {
  const status = result.exchange.response?.status ?? 0;
  const body = result.case.request.body;
  if (status < 200 || status >= 300 || body === undefined) return;
  const parsed = parseJson(body);
  if (parsed.ok) ids.recordAccepted(parsed.value);
}

/** Why not to start: a static case of the operation already got no usable response (a hanging server would cost a timeout per case). */
function staticTransportFailure(results: readonly CaseResult[], operationId: string): string | undefined {
  const failed = results.find((result) => result.case.operation.id === operationId && result.exchange.failure);
  return failed?.exchange.failure && `a static case (${failed.case.id}) got no usable response (${failed.exchange.failure.kind})`;
}
