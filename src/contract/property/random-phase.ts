/**
 * The random phases: fast-check generates up to --max-cases valid bodies
 * (positive) or invalid ones (negative: one constraint broken per body), each
 * sent and checked; the first failure is shrunk to the smallest body that
 * still fails. One result per phase: the shrunk failure, or a pass.
 */
import type { NegativeValue } from '../../generate/negative.js';
import type { GeneratedPhase } from '../types.js';
import { hunt } from './hunt.js';
import { attemptFor, haltOnTransportFailure, type OperationRun } from './operation-run.js';
import { huntResult, skippedResult, type ResultLabel } from './results.js';
import { deriveSeed } from './seeds.js';

/** Run the positive or negative random phase of the operation. */
export async function runRandomPhase(run: OperationRun, phase: Exclude<GeneratedPhase, 'boundary'>): Promise<void> {
  const { target, session } = run;
  const { settings } = session;
  const positive = phase === 'positive';
  const kind = positive ? 'random valid bodies' : 'random invalid bodies (one constraint broken in each)';
  const label: ResultLabel = { id: `${target.operation.id}/generated/${phase}`, title: kind, phase, seed: settings.seed };
  if (run.halted || settings.maxCases === 0 || !session.selected(label.id)) return;
  if (!positive && !target.invalid) return;
  const describe = (value: unknown) => {
    if (positive) return 'random valid body';
    const key = (value as NegativeValue)[1][0];
    return `random invalid body: ${target.mutations.find((mutation) => mutation.key === key)?.describe ?? key}`;
  };
  const found = await hunt<unknown>(positive ? target.valid : target.invalid!, attemptFor(run, (value) => ({ valid: positive, id: label.id, title: describe(value) })), {
    seed: deriveSeed(settings.seed, target.operation.id, phase),
    numRuns: settings.maxCases,
    maxShrinks: settings.maxShrinks,
  });
  const title = `${kind}: ${found.requests} sent, all ${positive ? 'accepted' : 'rejected'}`;
  // A failure keeps the title of the case that failed, which names the broken constraint.
  const result = huntResult(found, { ...label, title }, found.smallest !== undefined);
  // Stopped before a single request: the phase is reported as not run, not as unusable.
  if (!result && session.stopped()) return;
  session.record(result ?? skippedResult(target.operation, label, `no usable ${positive ? 'valid' : 'invalid'} body could be generated (${found.unusable ?? 'none'})`, settings.baseUrl));
  haltOnTransportFailure(run, found.transport);
}
