/**
 * The static cases, sent in stages so that real ids reach them (producer to
 * consumer, contract/producers/): creates and lists first, then the
 * operations that consume what they answered, DELETEs last. An operation
 * that takes values from the pool has its cases built again when its stage
 * comes, with those values bound (the plan built before the first request
 * named them with made-up ones). Each case that deletes takes an item of
 * its own, created for it when the pool has none left; the other cases of a
 * DELETE share one that stays. Within a stage, up to --workers cases are in
 * flight; results are recorded, and their answers harvested, in case order.
 */

import type { CaseResult, ContractCase } from '../core/exchange/types.js';
import type { Operation } from '../core/spec/types.js';
import { buildCases, type CaseBuilder, type CaseContext } from './cases/index.js';
import { type Binding, bind, markCase, NO_BINDING, rebind } from './producers/binding.js';
import { operationStages } from './producers/operation-order.js';
import type { ResourcePool } from './producers/pool.js';
import { refill } from './producers/refill.js';
import { isRunStopped } from './run-control.js';
import type { RunStop } from './types.js';

/** What the static run needs from the runner. */
export interface StaticRun {
  operations: readonly Operation[];
  context: CaseContext;
  builders: readonly CaseBuilder[];
  /** Every case as planned before the first request (made-up ids), by operation. */
  planned: readonly ContractCase[];
  selected: (id: string) => boolean;
  workers: number;
  pool: ResourcePool;
  /** Send one case (no recording). */
  execute: (contractCase: ContractCase) => Promise<CaseResult>;
  /** Take in the answer to a request sent outside the cases (a producer step): the pool and coverage see it. */
  observe: (result: CaseResult) => void;
  /** Record a case's result (its answer is observed first). */
  record: (result: CaseResult) => void;
}

/** Send the static cases, stage by stage. */
export async function runStaticCases(run: StaticRun): Promise<void> {
  const planned = new Map<string, ContractCase[]>();
  for (const item of run.planned) planned.set(item.operation.id, [...(planned.get(item.operation.id) ?? []), item]);
  for (const stage of operationStages(run.operations, run.pool.producers)) {
    const cases: ContractCase[] = [];
    for (const operation of stage) cases.push(...(await casesOf(operation, planned.get(operation.id) ?? [], run)));
    await runInOrder(
      cases.filter((item) => run.selected(item.id)),
      run.workers,
      run.execute,
      (result) => {
        run.observe(result);
        run.record(result);
      },
    );
  }
}

/** The cases of `operation` as its stage sends them: with pooled values where the pool has them. */
async function casesOf(operation: Operation, planned: ContractCase[], run: StaticRun): Promise<ContractCase[]> {
  const { pool } = run;
  if (pool.producers.consumers(operation.id).length === 0 || !planned.some((item) => run.selected(item.id)))
    return planned.map((item) => markCase(item, NO_BINDING));
  const deletes = operation.method === 'DELETE';
  // Each positive DELETE takes an item of its own before the rest share one.
  const own: Binding[] = [];
  if (deletes) for (const _ of planned.filter(isDestructive)) own.push(await claimed(operation, run, true));
  const shared = deletes ? await claimed(operation, run, false) : bind(pool, operation);
  if (shared.values.size === 0 && own.every((binding) => binding.values.size === 0))
    return planned.map((item) => markCase(item, NO_BINDING));
  const built = await buildCases([operation], { ...run.context, bound: shared.values }, run.builders);
  let next = 0;
  return built.map((item) => {
    if (!deletes || !isDestructive(item)) return markCase(item, shared);
    const binding = own[next++] ?? NO_BINDING;
    // No item of its own: the made-up id of the plan, rather than one another case deletes first.
    if (!hasItem(binding, operation)) return markCase(planned.find((plan) => plan.id === item.id) ?? item, NO_BINDING);
    let request = item.request;
    for (const parameter of operation.parameters)
      if (binding.values.has(`${parameter.in}:${parameter.name}`))
        request = rebind(request, operation, parameter, binding.values.get(`${parameter.in}:${parameter.name}`));
    return markCase({ ...item, request }, binding);
  });
}

/** A binding whose item exists, making one (the producer's request sent again) when the pool has none. */
async function claimed(operation: Operation, run: StaticRun, claim: boolean): Promise<Binding> {
  const first = bind(run.pool, operation, claim);
  if (hasItem(first, operation)) return first;
  if (!(await refill(run.pool, operation, run.execute, run.observe))) return first;
  return bind(run.pool, operation, claim);
}

function hasItem(binding: Binding, operation: Operation): boolean {
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  return path.length > 0 && path.every((parameter) => binding.values.has(`path:${parameter.name}`));
}

/** A case that, when the server does what it should, deletes its item: a positive one. */
function isDestructive(contractCase: ContractCase): boolean {
  return contractCase.kind === 'positive' && contractCase.resource !== 'made-up';
}

/**
 * Send `cases` with up to `workers` in flight and record their results in
 * case order. Once the run stops, the cases not yet sent (and those cut off
 * in flight) are recorded as not run.
 */
export async function runInOrder(
  cases: readonly ContractCase[],
  workers: number,
  execute: (contractCase: ContractCase) => Promise<CaseResult>,
  record: (result: CaseResult) => void,
): Promise<void> {
  const done: Array<CaseResult | undefined> = new Array(cases.length);
  let next = 0;
  let flushed = 0;
  const flush = () => {
    while (flushed < cases.length && done[flushed]) record(done[flushed++]!);
  };
  const worker = async () => {
    for (let index = next++; index < cases.length; index = next++) {
      const contractCase = cases[index]!;
      try {
        done[index] = await execute(contractCase);
      } catch (error) {
        if (!isRunStopped(error)) throw error;
        done[index] = notRunResult(contractCase, error.stop);
      }
      flush();
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(workers, Math.max(1, cases.length)) }, worker),
  );
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A case the run never sent because it stopped first. */
function notRunResult(contractCase: ContractCase, stop: RunStop): CaseResult {
  const skipped = { ...contractCase, skip: `not run: ${stop.message}` };
  return {
    case: skipped,
    exchange: { case: skipped, url: '', durationMs: 0 },
    findings: [],
    verdict: 'skipped',
    notRun: true,
  };
}
