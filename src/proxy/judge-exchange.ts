/**
 * Judging one exchange with the same validators and checks as the contract
 * runner. The request is checked as the mock checks what it receives
 * (core/request/check-request.ts): its violations are the client's. The answer
 * is judged by the runner's registered checks (contract/checks/) on a
 * synthetic case whose expectation follows from the request's validity
 * (expectation.ts): their findings are the server's, including `outcome`
 * when the upstream accepted a request the spec calls invalid, and
 * `transport` when no complete answer came.
 */

import type { ContractCase, Exchange } from '../core/exchange/types.js';
import { formatBytes } from '../core/http/byte-size.js';
import type { RelayedResult } from '../core/http/http-client.js';
import { checkRequest } from '../core/request/check-request.js';
import type { RequestViolation, RequestViolationKind } from '../core/request/types.js';
import { analyseExchange } from '../core/response/analyse.js';
import { decodeResponseBody } from '../core/response/decode-response.js';
import type { AnalysedExchange } from '../core/response/types.js';
import type { RouteResult } from '../core/routing/router.js';
import type { Operation } from '../core/spec/types.js';
import { expectationFor } from './expectation.js';
import type { ProxyState } from './proxy-state.js';
import type { ProxyExchange, ProxyViolation } from './types.js';

/** One exchange as the proxy observed it, before judging. */
export interface ObservedExchange {
  seq: number;
  /** Upper-case method. */
  method: string;
  /** The request target as the client sent it. */
  target: string;
  /** Its path, normalised as the router reads it, and its query without `?`. */
  path: string;
  search: string;
  /** Request headers by lower-case name (repeated ones joined with `, `). */
  headers: Record<string, string>;
  /** The proxy's copy of the request body; `complete` is false when it was larger than the cap. */
  body: { bytes: Buffer; complete: boolean };
  routed: RouteResult;
  /** Where the request went. */
  upstreamUrl: string;
  result: RelayedResult;
}

/** The verdict on one exchange. */
export interface Judgement {
  operation: Operation | undefined;
  kind: ProxyExchange['kind'];
  violations: ProxyViolation[];
  /** The request and answer bodies as decoded for the checks (secrets are looked for in them). */
  requestValue: unknown;
  responseValue: unknown;
}

/** Client check ids by request violation kind. */
const CLIENT_CHECKS: Record<RequestViolationKind, string> = {
  security: 'request-credentials',
  parameter: 'request-parameter',
  'content-type': 'request-content-type',
  'unexpected-body': 'request-unexpected-body',
  'missing-body': 'request-missing-body',
  'body-syntax': 'request-body-syntax',
  body: 'request-body',
};

/** The check id of a request to a path or method the spec does not document. */
const UNDOCUMENTED_ROUTE = 'undocumented-route';

/** An operation the spec does not have, for a request to an undocumented route: documents nothing. */
export function undocumentedOperation(id: string, method: string, path: string): Operation {
  return {
    id,
    method,
    path,
    pointer: '',
    summary: undefined,
    parameters: [],
    requestBody: undefined,
    responses: [],
    security: [],
    deprecated: false,
    tags: [],
  };
}

/** Judge an observed exchange. */
export async function judgeExchange(
  observed: ObservedExchange,
  state: ProxyState,
  maxBodyBytes: number,
): Promise<Judgement> {
  const { routed } = observed;
  if (routed.kind !== 'found') return judgeUnrouted(observed, routed, state);
  const { operation, pathParameters } = routed;
  const checked = observed.body.complete
    ? await checkRequest(
        { operation, pathParameters, search: observed.search, headers: observed.headers, body: observed.body.bytes },
        state.requestCheckContext,
      )
    : undefined;
  const requestViolations = checked?.violations ?? [];
  const requestValue = checked?.body?.value;
  const status = observed.result.response?.status;
  const echoPointers = status !== undefined && checked?.body ? state.echo(operation.id, status) : undefined;
  const { kind, expect } = expectationFor({
    operation,
    violations: requestViolations,
    status,
    echo: echoPointers && { pointers: echoPointers, sent: requestValue },
  });
  const contractCase: ContractCase = {
    id: `${operation.id}/proxy/${observed.seq}`,
    kind,
    operation,
    title: `${observed.method} ${observed.target}`,
    request: { method: observed.method, path: observed.target, headers: observed.headers },
    expect,
  };
  const analysed = await analyse(contractCase, observed);
  // A request the proxy could not read whole cannot be called valid or invalid: `outcome` has nothing to go by.
  const checks = checked ? state.checks : state.checksWithoutOutcome;
  const server = checks
    .flatMap((check) => check.run(analysed, state.checkContext))
    .map((finding): ProxyViolation => ({ ...finding, side: 'server' }));
  const client = requestViolations.map((violation) => clientViolation(operation.id, violation));
  if (!checked)
    client.push({
      side: 'client',
      check: 'request-body',
      severity: 'warning',
      class: 'warning',
      operation: operation.id,
      pointer: '/body',
      message: `request body is larger than ${formatBytes(maxBodyBytes)}: forwarded, not checked`,
    });
  return { operation, kind, violations: [...client, ...server], requestValue, responseValue: bodyValue(analysed) };
}

/** No operation to judge by: the route is the client's violation, a failed transport still the server's. */
async function judgeUnrouted(
  observed: ObservedExchange,
  routed: Exclude<RouteResult, { kind: 'found' }>,
  state: ProxyState,
): Promise<Judgement> {
  const operation = undocumentedOperation(`${observed.method} ${observed.path}`, observed.method, observed.path);
  const message =
    routed.kind === 'no-method'
      ? `${observed.method} ${observed.path} is not documented; the spec documents ${routed.allow.join(', ')} there`
      : `no operation of the spec matches ${observed.path}`;
  const client: ProxyViolation = {
    side: 'client',
    check: UNDOCUMENTED_ROUTE,
    severity: 'error',
    class: 'failure',
    operation: operation.id,
    pointer: '',
    message,
  };
  const contractCase: ContractCase = {
    id: `${operation.id}/proxy/${observed.seq}`,
    kind: 'negative',
    operation,
    title: `${observed.method} ${observed.target}`,
    request: { method: observed.method, path: observed.target, headers: observed.headers },
    expect: { outcome: 'rejection' },
  };
  const analysed = await analyse(contractCase, observed);
  const transport = state.transportChecks.flatMap((check) => check.run(analysed, state.checkContext));
  return {
    operation: undefined,
    kind: 'negative',
    violations: [client, ...transport.map((finding): ProxyViolation => ({ ...finding, side: 'server' }))],
    requestValue: undefined,
    responseValue: bodyValue(analysed),
  };
}

async function analyse(contractCase: ContractCase, observed: ObservedExchange): Promise<AnalysedExchange> {
  const { result } = observed;
  const exchange: Exchange = {
    case: contractCase,
    url: observed.upstreamUrl,
    durationMs: result.durationMs,
    ...(result.response ? { response: result.response } : {}),
    ...(result.failure ? { failure: result.failure } : {}),
  };
  return analyseExchange(exchange, await decodeResponseBody(exchange));
}

function clientViolation(operation: string, violation: RequestViolation): ProxyViolation {
  return {
    side: 'client',
    check: CLIENT_CHECKS[violation.kind],
    severity: 'error',
    class: 'failure',
    operation,
    pointer: violation.pointer,
    message: violation.message,
  };
}

function bodyValue(analysed: AnalysedExchange): unknown {
  if (analysed.json?.ok) return analysed.json.value;
  return analysed.decoded?.ok ? analysed.decoded.value : undefined;
}
