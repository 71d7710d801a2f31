/**
 * Which status the mock refuses a request with: the status the spec
 * documents for that kind of problem where it documents one, so clients
 * meet the responses they were promised (a 422 where the spec lists 422),
 * and the HTTP default otherwise (RFC 9110 section 15.5).
 */
import type { RequestViolationKind } from '../core/request/types.js';
import type { Operation } from '../core/spec/types.js';

/** Statuses that document each kind of problem, best first. */
const DOCUMENTED: Record<RequestViolationKind, readonly number[]> = {
  security: [401],
  parameter: [400, 422],
  'body-syntax': [400, 422],
  body: [400, 422],
  'missing-body': [400, 422],
  'content-type': [415, 400, 422],
  'unexpected-body': [415, 400, 422],
};

/** A path parameter that breaks its schema names no resource: a documented 404 fits where 400 and 422 are not documented. */
const PATH_PARAMETER: readonly number[] = [400, 422, 404];

/** The status when the spec documents none of the above (a 4XX range or `default` then shapes the body). */
const FALLBACK: Record<RequestViolationKind, number> = {
  security: 401,
  parameter: 400,
  'body-syntax': 400,
  body: 400,
  'missing-body': 400,
  'content-type': 400,
  'unexpected-body': 400,
};

/** The status to refuse `kind` with for `operation` (`pointer` tells a path parameter from the others). */
export function refusalStatus(operation: Operation | undefined, kind: RequestViolationKind, pointer = ''): number {
  const documented = operation ? documentedStatuses(operation) : NONE;
  const candidates = kind === 'parameter' && pointer.startsWith('/path/') ? PATH_PARAMETER : DOCUMENTED[kind];
  return candidates.find((status) => documented.has(String(status))) ?? FALLBACK[kind];
}

const NONE: ReadonlySet<string> = new Set();
/** The statuses each operation documents: every refusal asks, and a spec's operations do not change (a reload builds new ones). */
const statuses = new WeakMap<Operation, ReadonlySet<string>>();

function documentedStatuses(operation: Operation): ReadonlySet<string> {
  let documented = statuses.get(operation);
  if (!documented)
    statuses.set(operation, (documented = new Set(operation.responses.map((response) => response.status))));
  return documented;
}
