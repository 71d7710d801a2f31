/**
 * The stateful phase of a contract run (docs/stateful.md): after the
 * single-request cases, for each collection the spec lets it follow
 * (targets.ts), a lifecycle sequence and seeded random ones
 * (plan-sequences.ts), each step checked by every registered check, the
 * stateful ones among them reading what the sequence model expects. A
 * failure is shrunk to the shortest sequence that still fails the same
 * check and recorded with every step's request. Against a plantkit mock
 * that keeps no state, the phase is skipped with one line saying how to
 * start one that does.
 */

import type { CaseResult } from '../../core/exchange/types.js';
import type { LoadedSpec } from '../../core/spec/types.js';
import type { CaseContext } from '../cases/context.js';
import { integerCounter } from '../cases/context.js';
import { CONTRACT_DEFAULTS, type NormalizedContractOptions } from '../options.js';
import type { ContractPhase, PhaseSession } from '../phase.js';
import { bind, trusted } from '../producers/binding.js';
import type { ResourcePool } from '../producers/pool.js';
import { isRunStopped } from '../run-control.js';
import { ItemBodies } from './item-bodies.js';
import { lifecycle, randomSequence, type StepPlan } from './plan-sequences.js';
import { fromStatelessMock, runSequence } from './run-sequence.js';
import { sequenceResult, skippedSequence } from './sequence-result.js';
import { shrinkSequence } from './shrink.js';
import type { StepTools } from './step-case.js';
import { type StatefulTarget, statefulTargets } from './targets.js';

/** The stateful sequences as a phase of the runner. */
export const statefulPhase: ContractPhase = {
  name: 'stateful',
  enabled: (settings) => settings.stateful,
  plan: (session) => targetsOf(session).flatMap((target) => sequenceIds(target, session.settings).map(([id]) => id)),
  run: runStatefulPhase,
};

/** Random sequences per collection: one per {@link CONTRACT_DEFAULTS.casesPerSequence} of --max-cases (5 by default). */
function sequenceIds(target: StatefulTarget, settings: NormalizedContractOptions): Array<[string, number]> {
  const prefix = sequencePrefix(target);
  // A rerun follows the sequences its report names, whatever --max-cases says.
  if (settings.rerun)
    return settings.rerun.sequences
      .filter((sequence) => sequence.id.startsWith(`${prefix}/`))
      .map((sequence): [string, number] => [sequence.id, Number(/\/random-(\d+)$/.exec(sequence.id)?.[1] ?? 0)]);
  const random = Math.ceil(settings.maxCases / CONTRACT_DEFAULTS.casesPerSequence);
  return [
    [`${prefix}/lifecycle`, 0],
    ...Array.from({ length: random }, (_, index): [string, number] => [`${prefix}/random-${index + 1}`, index + 1]),
  ];
}

/** `createPlant/stateful/plants`: what the ids of a collection's sequences start with. */
function sequencePrefix(target: StatefulTarget): string {
  return `${target.create.operation.id}/stateful/${target.collection.name}`;
}

/** The sequence id prefixes of every collection the phase follows in `spec` (for checking a rerun's report). */
export function sequencePrefixes(spec: LoadedSpec, context: CaseContext): string[] {
  return statefulTargets(spec, context).map(sequencePrefix);
}

/** The collections to follow, worked out once per run: the plan and the run share them. */
const targetsBySession = new WeakMap<PhaseSession, StatefulTarget[]>();

function targetsOf(session: PhaseSession): StatefulTarget[] {
  let targets = targetsBySession.get(session);
  if (!targets) targetsBySession.set(session, (targets = statefulTargets(session.spec, session.context)));
  return targets;
}

async function runStatefulPhase(session: PhaseSession): Promise<void> {
  const targets = targetsOf(session);
  if (targets.length === 0) return;
  if (session.results.some((result) => fromStatelessMock(result.exchange.response))) return noteStatelessMock(session);
  // Bodies take their integers from the seed, so --seed sends the same sequences again.
  const context = { ...session.context, nextInteger: integerCounter(BigInt(session.settings.seed) + 1n) };
  const pool = session.resources;
  const tools: StepTools = {
    context,
    bodies: new ItemBodies(context),
    ...(pool ? { liveItems: (target: StatefulTarget) => liveInPool(pool, target) } : {}),
  };
  for (const planned of targets) {
    const target = withLiveParents(planned, session);
    for (const [id, index] of sequenceIds(target, session.settings)) {
      if (!session.selected(id)) continue;
      const stop = session.stopped();
      if (stop) {
        session.record({
          ...skippedSequence(target.create.operation, { id }, target, `not run: ${stop.message}`, ''),
          notRun: true,
        });
        continue;
      }
      const plans = index === 0 ? lifecycle(target) : randomSequence(target, session.settings.seed, index);
      try {
        const result = await followSequence(plans, target, id, session, tools);
        if (result === 'stateless-mock') return noteStatelessMock(session);
        session.record(result);
      } catch (error) {
        if (!isRunStopped(error)) throw error;
        session.record({
          ...skippedSequence(target.create.operation, { id }, target, `not run: ${error.stop.message}`, ''),
          notRun: true,
        });
      }
    }
  }
}

/** Send a sequence, shrink it when it fails, and turn it into the result to record. */
async function followSequence(
  plans: StepPlan[],
  target: StatefulTarget,
  id: string,
  session: PhaseSession,
  tools: StepTools,
): Promise<CaseResult | 'stateless-mock'> {
  const send = (candidate: readonly StepPlan[]) => runSequence(candidate, target, session, tools);
  const run = await send(plans);
  if (run.statelessMock) return 'stateless-mock';
  const label = { id, seed: session.settings.seed, originalSteps: plans.length, shrinks: 0, requests: run.requests };
  if (run.failedAt === undefined) return sequenceResult(target, run, label);
  const shrunk = await shrinkSequence(plans, run, session.settings.maxShrinks, send);
  return sequenceResult(target, shrunk.run, {
    ...label,
    shrinks: shrunk.shrinks,
    requests: run.requests + shrunk.requests,
  });
}

/** A nested collection under live parents from the resource pool (`/gardens/{gardenId}/plants` under a real garden). */
function withLiveParents(target: StatefulTarget, session: PhaseSession): StatefulTarget {
  const pool = session.resources;
  if (!pool || Object.keys(target.scope).length === 0) return target;
  const binding = bind(pool, target.create.operation);
  const parents = Object.keys(target.scope).filter((name) => binding.values.has(`path:${name}`));
  if (parents.length === 0) return target;
  const scope = {
    ...target.scope,
    ...Object.fromEntries(parents.map((name) => [name, binding.values.get(`path:${name}`)])),
  };
  const live =
    parents.length === Object.keys(scope).length && parents.every((name) => trusted(binding, `path:${name}`));
  return { ...target, scope, scopeResource: live ? 'live' : 'made-up' };
}

/** Live items of the target's collection in the resource pool (what its item operations could name). */
function liveInPool(pool: ResourcePool, target: StatefulTarget): number {
  const { read, update, delete: remove } = target.collection;
  const operation = (read ?? update ?? remove)?.operation;
  const item = operation && pool.producers.consumers(operation.id).find((consumer) => consumer.parameter.in === 'path');
  return item ? new Set(pool.candidates(item).map((value) => value.text)).size : 0;
}

function noteStatelessMock(session: PhaseSession): void {
  session.context.note(
    'the stateful phase was skipped: the target is a plantkit mock that keeps no state (x-plantkit-mock: stateful=false); start it with `plantkit mock --stateful` to follow resources across calls',
  );
}
