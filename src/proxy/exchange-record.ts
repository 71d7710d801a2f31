/**
 * An exchange as the proxy reports it: judged, with every credential-like
 * value masked (exchange-secrets.ts, contract/redact.ts), bodies cut. The
 * request and answer are kept only for exchanges with violations, so a
 * long-running proxy keeps a few numbers per clean exchange.
 */
import { createRedactor, redactHeaders, redactUrl, type Secret } from '../contract/redact.js';
import { exchangeSecrets } from './exchange-secrets.js';
import type { Judgement, ObservedExchange } from './judge-exchange.js';
import type { CredentialNames } from './proxy-state.js';
import type { ProxyExchange, ProxyViolation } from './types.js';

/** Bodies in records are cut here. */
const MAX_BODY = 4096;

/** How the exchange ended for the client. */
export interface Delivery {
  startedAt: Date;
  durationMs: number;
  /** The status the client got. */
  status: number;
  replaced: boolean;
}

/** The reportable record of a judged exchange. */
export function exchangeRecord(observed: ObservedExchange, judgement: Judgement, delivery: Delivery, names: CredentialNames): ProxyExchange {
  const detailed = judgement.violations.length > 0;
  const raw = observed.result.raw;
  const setCookie = raw?.headers['set-cookie'];
  const secrets = exchangeSecrets(
    {
      headers: observed.headers,
      search: observed.search,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
      // Bodies are only printed for exchanges with violations: only then are their fields searched.
      requestValue: detailed ? judgement.requestValue : undefined,
      responseValue: detailed ? judgement.responseValue : undefined,
    },
    names,
  );
  const redact = createRedactor(secrets);
  const cut = (text: string) => redact(text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text);
  const response = observed.result.response;
  const requestText = observed.body.bytes.length > 0 ? observed.body.bytes.toString('utf8') : undefined;
  return {
    seq: observed.seq,
    startedAt: delivery.startedAt.toISOString(),
    method: observed.method,
    target: redactTarget(observed.target, secrets, redact),
    operation: judgement.operation?.id ?? null,
    kind: judgement.kind,
    upstreamStatus: response?.status ?? null,
    status: delivery.status,
    durationMs: delivery.durationMs,
    violations: judgement.violations.map((violation) => JSON.parse(redact(JSON.stringify(violation))) as ProxyViolation),
    request: detailed ? { headers: redactHeaders(observed.headers, redact), body: requestText === undefined ? null : cut(requestText), bodyTruncated: !observed.body.complete || (requestText?.length ?? 0) > MAX_BODY } : null,
    response: detailed && response ? { status: response.status, headers: redactHeaders(response.headers, redact), body: cut(response.body), bodyTruncated: response.body.length > MAX_BODY } : null,
    transportFailure: observed.result.failure ? { kind: observed.result.failure.kind, message: redact(observed.result.failure.message) } : null,
    replaced: delivery.replaced,
  };
}

/** The target with credential query values masked (`?api_key=***`) and any other secret where it stands alone. */
function redactTarget(target: string, secrets: readonly Secret[], redact: (text: string) => string): string {
  if (!target.startsWith('/')) return redact(target);
  const base = 'http://proxy.invalid';
  const masked = redactUrl(`${base}${target}`, secrets);
  return redact(masked.startsWith(base) ? masked.slice(base.length) : target);
}
