/**
 * Shrinking a failed sequence to the shortest one that still fails the same
 * way: cut it after the failing step, then try leaving out one step at a
 * time (last first; leaving out a create leaves out every step on its item)
 * and keep any shorter sequence whose failing step has the same signature
 * (signature.ts: operation, check, status or status class, pointer; a
 * sequence that fails with a 500 never stands in for one that failed with a
 * 404), until no single step can go. Each try is sent for real, so ids are
 * the server's fresh ones; a failure that does not come back (a flaky
 * server) keeps the original. A timeout is not shrunk (each try could cost
 * another).
 */
import { failingSignatures } from '../signature.js';
import type { StepPlan } from './plan-sequences.js';
import type { SequenceRun } from './run-sequence.js';

/** The shrunk plans and run, and how much it took. */
export interface Shrunk {
  plans: StepPlan[];
  run: SequenceRun;
  /** Tries that still failed. */
  shrinks: number;
  /** Requests the tries sent. */
  requests: number;
}

/** Shrink `plans`, whose run `failed`, spending at most `budget` requests on tries. */
export async function shrinkSequence(
  plans: readonly StepPlan[],
  failed: SequenceRun,
  budget: number,
  send: (plans: readonly StepPlan[]) => Promise<SequenceRun>,
): Promise<Shrunk> {
  const target = failingSignature(failed);
  const best: Shrunk = { plans: upToFailure(plans, failed), run: failed, shrinks: 0, requests: 0 };
  if (target === undefined || failed.sent[failed.failedAt!]!.result.exchange.failure?.kind === 'timeout') return best;
  let progress = true;
  while (progress && best.requests < budget) {
    progress = false;
    for (let index = best.plans.length - 1; index >= 0 && best.requests < budget; index -= 1) {
      const candidate = without(best.plans, index);
      if (candidate.length === 0 || candidate.length >= best.plans.length) continue;
      const run = await send(candidate);
      best.requests += run.requests;
      const step = failedStep(run);
      if (!step || !failingSignatures(step.result).some((signature) => signature.key === target)) continue;
      Object.assign(best, { plans: upToFailure(candidate, run), run, shrinks: best.shrinks + 1 });
      progress = true;
      break;
    }
  }
  return best;
}

/** The failed step of a run, if one failed. */
function failedStep(run: SequenceRun): SequenceRun['sent'][number] | undefined {
  return run.failedAt === undefined ? undefined : run.sent[run.failedAt];
}

/** The signature of the failed step's first failure (in check order: a 500 before a wrong body). */
function failingSignature(run: SequenceRun): string | undefined {
  const step = failedStep(run);
  return step ? failingSignatures(step.result)[0]?.key : undefined;
}

/** The plans up to the failed step (steps never sent, on items never created, are kept: they cost nothing). */
function upToFailure(plans: readonly StepPlan[], run: SequenceRun): StepPlan[] {
  const failed = run.failedAt === undefined ? undefined : run.sent[run.failedAt]!.plan;
  const index = failed === undefined ? plans.length - 1 : plans.indexOf(failed);
  return plans.slice(0, index + 1);
}

/** `plans` without step `index`; without a create, without every step on its item too. */
function without(plans: readonly StepPlan[], index: number): StepPlan[] {
  const removed = plans[index]!;
  if (removed.action !== 'create') return plans.filter((_, position) => position !== index);
  return plans.filter((plan, position) => position !== index && plan.item !== removed.item);
}
