/**
 * What the runner's checks should expect of the upstream's answer, from
 * how the request read against the spec: a valid request must succeed, an
 * invalid one must be refused with a 4xx, one without acceptable
 * credentials must not succeed. That is how the `outcome` check finds the
 * cross-check only a proxy can make: the upstream accepted a request the
 * spec calls invalid.
 *
 * One difference from the runner: the runner holds the real credentials,
 * the proxy only sees that they are well formed. A 401 or 403 to a request
 * with well-formed credentials may be a wrong token, so it is judged as an
 * auth case (any 4xx is right, 401/403 need not be documented).
 */
import type { Expectation } from '../core/exchange/types.js';
import type { RequestViolation } from '../core/request/types.js';
import { requiresCredentials } from '../core/security/requirements.js';
import type { Operation } from '../core/spec/types.js';
import type { ProxyExchange } from './types.js';

/** The synthetic case's kind and expectation. */
export interface ProxyExpectation {
  kind: ProxyExchange['kind'];
  expect: Expectation;
}

/** What the request's violations (and, for the credential rule and echo rules, the answer's status) call for. */
export function expectationFor(input: {
  operation: Operation;
  violations: readonly RequestViolation[];
  status: number | undefined;
  /** Pointers the answer must echo (contracts/ rules for this status) and the body value sent. */
  echo: { pointers: readonly string[]; sent: unknown } | undefined;
}): ProxyExpectation {
  const { operation, violations, status, echo } = input;
  if (violations.some((violation) => violation.kind === 'security'))
    return { kind: 'auth', expect: { outcome: 'auth-rejection' } };
  if (violations.length > 0) return { kind: 'negative', expect: { outcome: 'rejection' } };
  if ((status === 401 || status === 403) && requiresCredentials(operation.security))
    return { kind: 'auth', expect: { outcome: 'auth-rejection' } };
  if (echo && status !== undefined)
    return {
      kind: 'positive',
      expect: { outcome: 'status', status, echo: { pointers: [...echo.pointers], sent: echo.sent } },
    };
  return { kind: 'positive', expect: { outcome: 'success' } };
}
