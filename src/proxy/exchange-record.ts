/**
 * An exchange as the proxy reports it: judged, with every credential-like
 * value masked (its own and those of recent exchanges: exchange-secrets.ts,
 * core/exchange/redact.ts), bodies cut. The
 * request and answer are kept only for exchanges with violations, so a
 * long-running proxy keeps a few numbers per clean exchange.
 */
import { createRedactor, redactHeaders, redactUrl, redactValue, type Secret } from '../core/exchange/redact.js';
import { exchangeSecrets, type SecretMemory } from './exchange-secrets.js';
import type { Judgement, ObservedExchange } from './judge-exchange.js';
import type { CredentialNames } from './proxy-state.js';
import type { ProxyExchange } from './types.js';

/** Bodies in records are cut here. */
const MAX_BODY = 4096;

/** How the exchange ended for the client. */
export interface Delivery {
  startedAt: Date;
  durationMs: number;
  /** The status the client got (or would have got, had it not left). */
  status: number;
  replaced: boolean;
  clientLeft: boolean;
}

/** The reportable record of a judged exchange. */
export function exchangeRecord(
  observed: ObservedExchange,
  judgement: Judgement,
  delivery: Delivery,
  names: CredentialNames,
  memory: SecretMemory,
): ProxyExchange {
  const detailed = judgement.violations.length > 0;
  const raw = observed.result.raw;
  const setCookie = raw?.headers['set-cookie'];
  const own = exchangeSecrets(
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
  // This exchange's secrets and those of the exchanges before it: an answer may echo a token sent earlier.
  const secrets = memory.remember(own);
  const response = observed.result.response;
  // Most targets have no query and no secret in their path: no redactor is built for them.
  const mayHoldSecret =
    secrets.length > 0 && (observed.search !== '' || secrets.some((secret) => observed.target.includes(secret.value)));
  const target = mayHoldSecret ? redactTarget(observed.target, secrets) : observed.target;
  const base = {
    seq: observed.seq,
    startedAt: delivery.startedAt.toISOString(),
    method: observed.method,
    target,
    operation: judgement.operation?.id ?? null,
    kind: judgement.kind,
    upstreamStatus: response?.status ?? null,
    status: delivery.status,
    durationMs: delivery.durationMs,
    replaced: delivery.replaced,
    clientLeft: delivery.clientLeft,
  };
  if (!detailed && !observed.result.failure)
    return { ...base, violations: [], request: null, response: null, transportFailure: null };
  const redact = createRedactor(secrets);
  const cut = (text: string) => redact(text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text);
  const requestText = observed.body.bytes.length > 0 ? observed.body.bytes.toString('utf8') : undefined;
  return {
    ...base,
    violations: judgement.violations.map((violation) => redactValue(violation, redact)),
    request: detailed
      ? {
          headers: redactHeaders(observed.headers, redact),
          body: requestText === undefined ? null : cut(requestText),
          bodyTruncated: !observed.body.complete || (requestText?.length ?? 0) > MAX_BODY,
        }
      : null,
    response:
      detailed && response
        ? {
            status: response.status,
            headers: redactHeaders(response.headers, redact),
            body: cut(response.body),
            bodyTruncated: response.body.length > MAX_BODY,
          }
        : null,
    transportFailure: observed.result.failure
      ? { kind: observed.result.failure.kind, message: redact(observed.result.failure.message) }
      : null,
  };
}

/** The target with credential query values masked (`?api_key=***`) and any other secret where it stands alone. */
function redactTarget(target: string, secrets: readonly Secret[]): string {
  const redact = createRedactor(secrets);
  if (!target.startsWith('/')) return redact(target);
  const base = 'http://proxy.invalid';
  const masked = redactUrl(`${base}${target}`, secrets);
  return redact(masked.startsWith(base) ? masked.slice(base.length) : target);
}
