/**
 * Send one planned sequence, step by step, each step checked by every
 * registered check; stop at the first step that fails. Afterwards the items
 * still live are deleted (not checked, not recorded), so sequences leave
 * nothing behind on a real server. A create answered 409 Conflict is sent
 * again with another body (up to 3 times): the server holds one like it. A
 * plantkit mock that keeps no state says
 * so on the first answer (`x-plantkit-mock: ...; stateful=false`): the
 * sequence stops there.
 */

import type { CaseResult } from '../../core/exchange/types.js';
import { parseJson } from '../../core/json/exact-json.js';
import type { PhaseSession } from '../phase.js';
import { idMisfit } from './id-fit.js';
import type { BodyChoice } from './item-bodies.js';
import type { StepPlan } from './plan-sequences.js';
import { SequenceModel } from './sequence-model.js';
import { type StepTools, stepCase } from './step-case.js';
import type { StatefulTarget } from './targets.js';

/** A step as sent. */
export interface SentStep {
  plan: StepPlan;
  result: CaseResult;
}

/** What a sequence did. */
export interface SequenceRun {
  /** The steps that were sent, in order. */
  sent: SentStep[];
  /** Index in `sent` of the failed step. */
  failedAt: number | undefined;
  /** Why the sequence ended before its last step without a failure (nothing was created to follow). */
  unfinished: string | undefined;
  /** The target is a plantkit mock that keeps no state. */
  statelessMock: boolean;
  /** Requests sent, clean-up included. */
  requests: number;
}

/** Send `plans` against `target`. */
/** Whether an answer comes from a plantkit mock that keeps no state (`x-plantkit-mock: ...; stateful=false`). */
export function fromStatelessMock(response: { headers: Record<string, string> } | undefined): boolean {
  return /\bstateful=false\b/.test(response?.headers['x-plantkit-mock'] ?? '');
}

export async function runSequence(
  plans: readonly StepPlan[],
  target: StatefulTarget,
  session: PhaseSession,
  tools: StepTools,
): Promise<SequenceRun> {
  const model = new SequenceModel(target);
  const run: SequenceRun = { sent: [], failedAt: undefined, unfinished: undefined, statelessMock: false, requests: 0 };
  try {
    for (const [index, plan] of plans.entries()) {
      let built = stepCase(target, plan, index + 1, model, tools);
      if ('skip' in built) continue;
      let result = await session.execute(built.case);
      run.requests += 1;
      // 409 to a create: the server holds something like it already (an id or a unique name, maybe from an earlier case). Write another.
      for (
        let attempt = 1;
        attempt <= CONFLICT_RETRIES && plan.action === 'create' && result.exchange.response?.status === 409;
        attempt += 1
      ) {
        built = stepCase(target, { ...plan, body: otherBody(plan.body, attempt) }, index + 1, model, tools);
        if ('skip' in built) break;
        result = await session.execute(built.case);
        run.requests += 1;
      }
      if ('skip' in built) continue;
      run.sent.push({ plan, result });
      const response = result.exchange.response;
      if (fromStatelessMock(response)) {
        run.statelessMock = true;
        return run;
      }
      if (result.verdict === 'failed') {
        run.failedAt = run.sent.length - 1;
        return run;
      }
      const recorded = model.record(index + 1, plan.action, plan.item, response?.status, built.sent, jsonBody(result));
      const misfit =
        recorded.ok && plan.action === 'create' ? createdMisfit(target, model, plan.item, tools) : undefined;
      if (!recorded.ok || misfit) {
        run.unfinished = recorded.ok ? misfit : recorded.reason;
        return run;
      }
    }
    if (!run.sent.some((step) => step.plan.action === 'create' && isSuccess(step.result)))
      run.unfinished = `no create succeeded (${describeCreates(run)})`;
    return run;
  } finally {
    run.requests += await cleanUp(model, target, session, tools);
  }
}

/** Why the item a create made cannot be named in its item path (id-fit.ts); undefined when it can, or has none. */
function createdMisfit(
  target: StatefulTarget,
  model: SequenceModel,
  item: number | undefined,
  tools: StepTools,
): string | undefined {
  const { read, update, delete: remove } = target.collection;
  const operation = read ?? update ?? remove;
  if (!operation || item === undefined || !model.has(item)) return undefined;
  return idMisfit(operation, model.idValue(item), tools.context);
}

/** Creates sent again with another body after a 409 Conflict (RFC 9110 section 15.5.10). */
const CONFLICT_RETRIES = 3;

/** Another body of the same kind: the next numbered sample, or the next seed. */
function otherBody(choice: BodyChoice | undefined, attempt: number): BodyChoice | undefined {
  if (!choice) return undefined;
  return choice.kind === 'generated'
    ? { kind: 'generated', seed: choice.seed + attempt }
    : { ...choice, number: choice.number + 100 * attempt };
}

/** Delete every item the sequence left; answers are not judged. */
async function cleanUp(
  model: SequenceModel,
  target: StatefulTarget,
  session: PhaseSession,
  tools: StepTools,
): Promise<number> {
  if (!target.collection.delete || session.stopped()) return 0;
  let sent = 0;
  for (const item of model.live()) {
    const built = stepCase(target, { action: 'delete', item }, 0, model, tools);
    if ('skip' in built) continue;
    await session.execute({ ...built.case, stateful: undefined, expect: { outcome: 'resource-state' } });
    sent += 1;
  }
  return sent;
}

/** The response body as exact JSON (int64 ids keep their digits), when it is JSON. */
function jsonBody(result: CaseResult): unknown {
  const body = result.exchange.response?.body;
  const parsed = body === undefined ? undefined : parseJson(body);
  return parsed?.ok ? parsed.value : undefined;
}

function isSuccess(result: CaseResult): boolean {
  const status = result.exchange.response?.status ?? 0;
  return status >= 200 && status < 300;
}

function describeCreates(run: SequenceRun): string {
  const statuses = run.sent
    .filter((step) => step.plan.action === 'create')
    .map((step) => step.result.exchange.response?.status ?? step.result.exchange.failure?.kind ?? 'not sent');
  return statuses.length === 0 ? 'none was sent' : `the create got ${[...new Set(statuses)].join(', ')}`;
}
