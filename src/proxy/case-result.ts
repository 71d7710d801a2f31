/**
 * A proxy exchange as a contract case result, so the contract runner's
 * reporters (JUnit) can report live traffic: one case per exchange, its
 * violations as findings whose check names the side (`server outcome`,
 * `client request-body`), failed when it has an error-severity violation.
 * Routes the spec does not document are grouped as `(undocumented route)`.
 */
import type { CaseResult, ContractCase, Exchange } from '../core/exchange/types.js';
import type { Finding } from '../core/findings.js';
import type { LoadedSpec, Operation } from '../core/spec/types.js';
import { undocumentedOperation } from './judge-exchange.js';
import type { ProxyExchange } from './types.js';

/** The case result standing for `exchange`; `upstream` makes its URL. */
export function exchangeCaseResult(exchange: ProxyExchange, spec: LoadedSpec, upstream: string): CaseResult {
  const operation = spec.operations.find((candidate) => candidate.id === exchange.operation) ?? undocumented(exchange);
  const request = exchange.request;
  const contractCase: ContractCase = {
    id: `${operation.id}/exchange-${exchange.seq}`,
    kind: exchange.kind,
    operation,
    title: `${exchange.method} ${exchange.target} -> ${exchange.status}`,
    request: {
      method: exchange.method,
      path: exchange.target,
      headers: replayHeaders(request?.headers ?? {}),
      ...(request?.body == null ? {} : { body: request.body }),
    },
    expect:
      exchange.kind === 'positive'
        ? { outcome: 'success' }
        : exchange.kind === 'auth'
          ? { outcome: 'auth-rejection' }
          : { outcome: 'rejection' },
  };
  const response = exchange.response;
  const wire: Exchange = {
    case: contractCase,
    url: `${upstream}${exchange.target}`,
    durationMs: exchange.durationMs,
    ...(response
      ? {
          response: {
            status: response.status,
            headers: response.headers,
            body: response.body,
            truncated: response.bodyTruncated,
            invalidUtf8: false,
          },
        }
      : {}),
    ...(exchange.transportFailure ? { failure: exchange.transportFailure } : {}),
  };
  // `client request-body`, `server outcome`: the side reads first, as in the proxy's log lines.
  const findings = exchange.violations.map(
    ({ side, ...finding }): Finding => ({ ...finding, check: `${side} ${finding.check}` }),
  );
  return {
    case: contractCase,
    exchange: wire,
    findings,
    verdict: findings.some((finding) => finding.severity === 'error') ? 'failed' : 'passed',
  };
}

/** Headers a replay (the report's curl line) sends itself: Host, framing and connection handling. */
const CONNECTION_HEADERS = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

function replayHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));
}

/** The operation id requests to undocumented routes are reported under. */
const UNDOCUMENTED = '(undocumented route)';

function undocumented(exchange: ProxyExchange): Operation {
  const path = exchange.target.split('?')[0] ?? exchange.target;
  return undocumentedOperation(UNDOCUMENTED, exchange.method, path);
}
