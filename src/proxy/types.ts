/**
 * The proxy's data: an exchange between a client and the upstream as the
 * proxy judged it, the violations on each side, the running summary and the
 * events reporters consume. Everything here is already redacted
 * (exchange-secrets.ts): it may be printed and written as it is.
 */
import type { CaseKind, TransportFailure } from '../core/exchange/types.js';
import type { Finding } from '../core/findings.js';
import type { LoadedSpec } from '../core/spec/types.js';

/** Which party broke the contract: the client's request, or the upstream's response. */
export type ViolationSide = 'client' | 'server';

/** A finding with the side it is blamed on. Client checks: `undocumented-route`, `request-*`; server checks: those of the contract runner. */
export interface ProxyViolation extends Finding {
  side: ViolationSide;
}

/** One request and its answer as the proxy saw and judged them. */
export interface ProxyExchange {
  /** 1, 2, 3, ... in the order requests arrived. */
  seq: number;
  /** When the request arrived (ISO 8601). */
  startedAt: string;
  method: string;
  /** The request target as the client sent it (path and query), credential values masked. */
  target: string;
  /** operationId, or null for a route the spec does not document. */
  operation: string | null;
  /** How the request read against the spec: `positive` (valid), `negative` (invalid), `auth` (credentials missing or refused). */
  kind: Extract<CaseKind, 'positive' | 'negative' | 'auth'>;
  /** The upstream's status; null when no complete answer came. */
  upstreamStatus: number | null;
  /** The status the client got: the upstream's, or 502/504 (transport failure, `errors` mode). */
  status: number;
  /** Milliseconds from the request's arrival to the answer's end, to a tenth. */
  durationMs: number;
  /** Violations of either side (`severity: 'warning'` ones are reported but never counted as violations). */
  violations: ProxyViolation[];
  /** Request headers (credentials masked), the body as text (cut, masked), whether it was cut; kept only for exchanges with violations. */
  request: { headers: Record<string, string>; body: string | null; bodyTruncated: boolean } | null;
  /** The upstream's answer as the checks read it (decoded), masked and cut; kept only for exchanges with violations that got one. */
  response: { status: number; headers: Record<string, string>; body: string; bodyTruncated: boolean } | null;
  /** Why no usable answer came. */
  transportFailure: TransportFailure | null;
  /** The answer was replaced by a 502 naming its violation (`errors` mode). */
  replaced: boolean;
  /** The client closed the connection before the answer came (its own timeout, say); the upstream's side was still judged. */
  clientLeft: boolean;
}

/** Counts over every exchange so far. */
export interface ProxySummary {
  exchanges: number;
  /** Exchanges without any error-severity violation. */
  clean: number;
  withClientViolations: number;
  withServerViolations: number;
  /** Error-severity violations by side and check id, e.g. `{ server: { outcome: 2 } }`. */
  byCheck: Record<ViolationSide, Record<string, number>>;
  /** Exchanges whose answer has a spec gap (an undocumented status HTTP calls for, such as 404 on an item path): listed, never a violation. */
  withSpecGaps: number;
  /** Violations of every severity by class: failures, spec gaps, warnings. */
  byClass: { failure: number; specGap: number; warning: number };
  /** Milliseconds since the proxy started listening. */
  durationMs: number;
}

/** What the proxy reports as it runs; reporters consume these (the library never prints). */
export type ProxyEvent =
  | { type: 'proxy-started'; url: string; upstream: string; spec: LoadedSpec; startedAt: string }
  | { type: 'exchange'; exchange: ProxyExchange }
  | { type: 'proxy-stopped'; summary: ProxySummary };
