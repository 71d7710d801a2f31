/**
 * The property-based phase of a contract run (docs/property-cases.md). For
 * each operation with a JSON request body: the boundary phase (fixed edge
 * values), then random valid bodies, then random invalid ones, every request
 * checked by the same registered checks as the static cases. Runs after the
 * static cases, whose accepted ids it keeps clear of.
 */
import { parseJson } from '../../json/exact-json.js';
import type { ContractPhase, PhaseSession } from '../phase.js';
import type { CaseResult } from '../types.js';
import { runBoundaryPhase } from './boundary-phase.js';
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
  run: runPropertyPhase,
};

async function runPropertyPhase(session: PhaseSession): Promise<void> {
  const { settings } = session;
  const ids = new UniqueIds(settings.seed);
  for (const result of session.results) recordAcceptedIds(ids, result);
  const sender = new GeneratedSender(session, ids);
  for (const operation of session.spec.operations) {
    if (!session.selected(`${operation.id}/generated`) && !settings.only.some((prefix) => prefix.startsWith(`${operation.id}/generated/`))) continue;
    const target = propertyTarget(operation, session.context, session.spec);
    if (!target) continue;
    const run: OperationRun = { session, target, sender, ids, halted: staticTransportFailure(session.results, operation.id) };
    for (const phase of settings.phases) {
      if (run.halted) break;
      await (phase === 'boundary' ? runBoundaryPhase(run) : runRandomPhase(run, phase));
    }
    if (run.halted) {
      const label = { id: `${operation.id}/generated/not-sent`, title: 'remaining generated cases', phase: settings.phases[0]!, seed: settings.seed };
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
