/**
 * Whether the resource a case names exists, as far as the run knows: the
 * case's own claim (`resource`), else a stateful step's item (live or
 * deleted), else `made-up` where the operation has a path parameter (the
 * runner filled it in itself). A 404 or 410 is the right answer for a
 * made-up or deleted resource (RFC 9110 sections 15.5.5, 15.5.11), and a
 * failure for a live one.
 */
import type { ContractCase, ResourceState } from '../exchange/types.js';

/** The resource state of `contractCase`; undefined when it names no resource (no path parameter, no claim). */
export function resourceStateOf(
  contractCase: Pick<ContractCase, 'resource' | 'stateful' | 'operation'>,
): ResourceState | undefined {
  if (contractCase.resource) return contractCase.resource;
  const item = contractCase.stateful?.item;
  if (item) return item.state === 'gone' ? 'deleted' : 'live';
  return contractCase.operation.parameters.some((parameter) => parameter.in === 'path') ? 'made-up' : undefined;
}

/** Statuses that say "no such resource" (RFC 9110 sections 15.5.5, 15.5.11). */
export const NOT_FOUND_STATUSES: ReadonlySet<number> = new Set([404, 410]);

/** True when the run has no reason to believe the resource exists, so "not found" is the right answer. */
export function expectsNotFound(state: ResourceState | undefined): boolean {
  return state === 'made-up' || state === 'deleted';
}
