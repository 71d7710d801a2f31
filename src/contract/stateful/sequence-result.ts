/**
 * The results the stateful phase records: one per sequence, under its
 * planned id and the create's operation. A failed sequence is its (shrunk)
 * failing step with that step's findings, and every step up to it with the
 * request that reproduces it; a passed one is its last step.
 */

import type { CaseResult, ContractCase, SequenceDetails } from '../../core/exchange/types.js';
import type { Operation } from '../../core/spec/types.js';
import type { SequenceRun } from './run-sequence.js';
import { stepTitle } from './step-case.js';
import type { StatefulTarget } from './targets.js';

/** Identity of a recorded sequence. */
export interface SequenceLabel {
  id: string;
  seed: number;
  /** Steps planned before shrinking. */
  originalSteps: number;
  shrinks: number;
  /** Requests spent: the sequence, shrinking, clean-up. */
  requests: number;
}

/** The result a sequence run stands for. */
export function sequenceResult(target: StatefulTarget, run: SequenceRun, label: SequenceLabel): CaseResult {
  const last = run.failedAt === undefined ? run.sent[run.sent.length - 1] : run.sent[run.failedAt];
  if (!last)
    return skippedSequence(target.create.operation, label, target, run.unfinished ?? 'no step could be sent', '');
  const steps = run.sent.slice(0, (run.failedAt ?? run.sent.length - 1) + 1);
  const contractCase: ContractCase = {
    ...last.result.case,
    id: label.id,
    title: sequenceTitle(steps.map((step) => step.plan.action)),
    operation: target.create.operation,
  };
  const sequence: SequenceDetails = {
    collection: target.collection.name,
    seed: label.seed,
    steps: steps.map((step) => ({
      title: stepTitle(target, step.plan),
      request: step.result.case.request,
      url: step.result.exchange.url,
      status: step.result.exchange.response?.status,
      failed: step.result.verdict === 'failed',
    })),
    originalSteps: label.originalSteps,
    shrinks: label.shrinks,
    requests: label.requests,
  };
  if (run.failedAt === undefined && run.unfinished)
    return {
      ...skippedSequence(target.create.operation, label, target, run.unfinished, last.result.exchange.url),
      sequence,
    };
  return { ...last.result, case: contractCase, exchange: { ...last.result.exchange, case: contractCase }, sequence };
}

/** A sequence that was not (fully) sent, for `reason`. */
export function skippedSequence(
  operation: Operation,
  label: Pick<SequenceLabel, 'id'>,
  target: StatefulTarget,
  reason: string,
  url: string,
): CaseResult {
  const contractCase: ContractCase = {
    id: label.id,
    kind: 'stateful',
    operation,
    title: `sequence on ${target.collection.name}`,
    request: { method: operation.method, path: operation.path, headers: {} },
    expect: { outcome: 'success' },
    skip: reason,
  };
  return { case: contractCase, exchange: { case: contractCase, url, durationMs: 0 }, findings: [], verdict: 'skipped' };
}

/** `create → read → delete → read`; a long one is cut (`... 16 steps`). */
function sequenceTitle(actions: readonly string[]): string {
  const shown = actions.length > 8 ? [...actions.slice(0, 7), `… (${actions.length} steps)`] : actions;
  return shown.join(' → ');
}
