/**
 * `--shard i/n`: a deterministic share of a run's operations, for CI
 * matrices (GitHub Actions `strategy.matrix`, GitLab `parallel`). The unit
 * is the collection an operation belongs to (its path without trailing
 * parameters: `/plants` and `/plants/{id}` go together), so a resource's
 * create, reads, updates and deletes, its stateful sequences and the
 * producers of its ids share a shard. Groups are dealt out by weight
 * (the cases they plan) to the lightest shard, heaviest first, ties by
 * name: the assignment depends on the spec and the flags alone, never on
 * the machine, and the shards together hold every case exactly once.
 */
import { UsageError } from '../core/errors.js';
import type { Operation } from '../core/spec/types.js';
import { operationOf } from './case-filter.js';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parse `i/n` (1 ≤ i ≤ n); anything else is a usage error naming the form. */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count || !Number.isSafeInteger(count))
    throw new UsageError(
      `--shard ${text} is not a shard: write it as i/n with 1 ≤ i ≤ n`,
      'e.g. --shard 1/4 ... --shard 4/4, one per CI job',
    );
  return { index, count };
}

/** `/plants/{id}` -> `/plants`: the collection an operation's path names. */
export function shardGroupOf(operation: Pick<Operation, 'path'>): string {
  const segments = operation.path.split('/');
  while (segments.length > 1 && /^\{[^}]*\}$/.test(segments.at(-1)!)) segments.pop();
  return segments.join('/') || '/';
}

/**
 * The shard (1-based) of each operation id. `weights` counts the cases each
 * operation plans (operations without any weigh 1, so they are dealt too).
 */
export function assignShards(
  operations: readonly Pick<Operation, 'id' | 'path'>[],
  weights: ReadonlyMap<string, number>,
  count: number,
): Map<string, number> {
  const groups = new Map<string, { weight: number; operations: string[] }>();
  for (const operation of operations) {
    const key = shardGroupOf(operation);
    const group = groups.get(key) ?? { weight: 0, operations: [] };
    group.weight += Math.max(1, weights.get(operation.id) ?? 0);
    group.operations.push(operation.id);
    groups.set(key, group);
  }
  const ordered = [...groups.entries()].sort(([a, x], [b, y]) => y.weight - x.weight || (a < b ? -1 : a > b ? 1 : 0));
  const loads = new Array<number>(count).fill(0);
  const shardOf = new Map<string, number>();
  for (const [, group] of ordered) {
    const lightest = loads.indexOf(Math.min(...loads));
    loads[lightest]! += group.weight;
    for (const id of group.operations) shardOf.set(id, lightest + 1);
  }
  return shardOf;
}

/**
 * A case selector for `shard`: true for the case ids whose operation falls
 * in it. `caseIds` are every case the run plans (static, generated, stateful)
 * after --only and --skip; they weigh the operations by the requests they
 * stand for: a random phase's one id sends up to --max-cases requests, a
 * random stateful sequence about one per step.
 */
export function createShardSelector(
  shard: Shard,
  operations: readonly Pick<Operation, 'id' | 'path'>[],
  caseIds: readonly string[],
  maxCases: number,
): (id: string) => boolean {
  const operationIds = operations.map((operation) => operation.id);
  const weights = new Map<string, number>();
  for (const id of caseIds) {
    const operation = operationOf(id, operationIds);
    weights.set(operation, (weights.get(operation) ?? 0) + caseWeight(id, maxCases));
  }
  const shardOf = assignShards(operations, weights, shard.count);
  return (id) => shardOf.get(operationOf(id, operationIds)) === shard.index;
}

/** Requests a planned case id stands for, roughly: what balances the shards' wall time. */
function caseWeight(id: string, maxCases: number): number {
  if (/\/generated\/(positive|negative)$/.test(id)) return Math.max(1, maxCases);
  if (/\/stateful\/[^/]+\/random-\d+$/.test(id)) return 10;
  return 1;
}
