/**
 * An item made for a case that consumes it (a DELETE), when the pool has no
 * live one left: the request of a create that produced one before is sent
 * again, and its answer harvested. It is a producer step, not a case: its
 * answer is judged by nobody, only counted. A create that refuses the
 * repeat (a 409 for a name it holds) is not asked again in the run.
 */

import type { CaseResult, ContractCase } from '../../core/exchange/types.js';
import type { Operation } from '../../core/spec/types.js';
import { isRunStopped } from '../run-control.js';
import type { ResourcePool } from './pool.js';

/** Creates that refused a repeat, per pool. */
const refused = new WeakMap<ResourcePool, Set<string>>();

/** Make a live item for `operation`'s item parameter; false when no create can (or the run stopped). */
export async function refill(
  pool: ResourcePool,
  operation: Operation,
  execute: (contractCase: ContractCase) => Promise<CaseResult>,
  observe: (result: CaseResult) => void,
): Promise<boolean> {
  const item = pool.producers.consumers(operation.id).find((consumer) => consumer.parameter.in === 'path');
  const source = item && pool.creator(item);
  if (!item || !source) return false;
  const blocked = refused.get(pool) ?? new Set<string>();
  refused.set(pool, blocked);
  if (blocked.has(source.harvester.key)) return false;
  const producer = source.harvester.operation;
  let result: CaseResult;
  try {
    result = await execute({
      id: `${producer.id}/producer/for-${operation.id}`,
      kind: 'positive',
      operation: producer,
      title: `a ${item.parameter.name} for ${operation.id}`,
      request: source.producer,
      expect: { outcome: 'success' },
    });
  } catch (error) {
    if (isRunStopped(error)) return false;
    throw error;
  }
  observe(result);
  const status = result.exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) blocked.add(source.harvester.key);
  return pool.candidates(item).some((value) => !value.claimed);
}
