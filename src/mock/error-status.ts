/**
 * Which status the mock refuses a request with: the status the spec
 * documents for that kind of problem where it documents one, so clients
 * meet the responses they were promised (a 422 where the spec lists 422),
 * and the HTTP default otherwise (RFC 9110 section 15.5).
 */
import type { RequestViolationKind } from '../request/types.js';
import type { Operation } from '../spec/types.js';

/** Statuses that document each kind of problem, best first. */
const DOCUMENTED: Record<RequestViolationKind, readonly number[]> = {
  security: [401],
  parameter: [400, 422],
  'body-syntax': [400, 422],
  body: [400, 422],
  'missing-body': [400, 422],
  'content-type': [415, 400],
  'unexpected-body': [415, 400],
};

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

/** The status to refuse `kind` with for `operation`. */
export function refusalStatus(operation: Operation | undefined, kind: RequestViolationKind): number {
  const documented = new Set(operation?.responses.map((response) => response.status) ?? []);
  return DOCUMENTED[kind].find((status) => documented.has(String(status))) ?? FALLBACK[kind];
}
