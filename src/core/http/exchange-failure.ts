/**
 * What an exchange that produced no complete response means: the server's
 * fault (a timeout, a dropped connection: a transport finding), or an
 * exchange outside what the runner tests (the server switched protocols).
 * undici answers a 101 Switching Protocols to a request that asked for no
 * upgrade by destroying the socket: `bad upgrade` when the answer names an
 * Upgrade, a failed `assert(upgrade)` in its parser when it does not
 * (undici 7 `lib/dispatcher/client-h1.js`, `onHeadersComplete` and
 * `onUpgrade`); the second is recognised by the 101 undici reported as an
 * informational status just before.
 */

/** Why no complete response arrived, as the transport check reports it. */
export interface TransportFailure {
  kind: 'timeout' | 'connection' | 'too-large' | 'encoding';
  message: string;
}

/** Errors meaning "nothing is listening there" rather than "the server misbehaved" (the probe reports them as faults). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/** Errors of a request that found its kept-alive connection closed before any response byte. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** True when `error` says a kept-alive connection was closed under the request (worth one retry); an upgrade is not that. */
export function isStaleConnection(error: unknown, switched: boolean): boolean {
  return STALE_CONNECTION_CODES.has(errorCode(error)) && !isUpgradeError(error, switched);
}

/** Status 101 Switching Protocols (RFC 9110 section 15.2.2). */
export const SWITCHING_PROTOCOLS = 101;

/** What the runner says of an upgrade it was answered with. */
export const UPGRADE_NOT_SUPPORTED =
  'the server switched protocols (101 Switching Protocols, RFC 9110 section 15.2.2); the runner tests HTTP exchanges and does not follow upgrades (WebSocket, h2c)';

/** True when `error` is undici's reaction to a 101 answer; `switched` says a 101 was seen as an informational status. */
export function isUpgradeError(error: unknown, switched: boolean): boolean {
  return switched || (errorCode(error) === 'UND_ERR_SOCKET' && (error as Error).message === 'bad upgrade');
}

/** undici's message when it refuses a request's arguments (a header or target it would not send), else undefined. */
export function refusedArgument(error: unknown): string | undefined {
  return errorCode(error) === 'UND_ERR_INVALID_ARG'
    ? `the HTTP client refuses to send it: ${(error as Error).message}`
    : undefined;
}

/** The transport failure `error` stands for; a stopped run's cancelled request says so. */
export function failureOf(error: unknown, timeoutMs: number, stop: AbortSignal | undefined): TransportFailure {
  if (stop?.aborted) return { kind: 'connection', message: 'the request was cancelled because the run stopped' };
  const code = errorCode(error);
  const timedOut =
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    (error as Error)?.name === 'TimeoutError' ||
    code === 'ABORT_ERR';
  if (timedOut) return { kind: 'timeout', message: `no complete response within ${timeoutMs} ms` };
  if (UNREACHABLE_CODES.has(code))
    return { kind: 'connection', message: `the server stopped accepting connections (${code})` };
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: 'connection',
    message: `connection failed before a complete response: ${message}${code ? ` (${code})` : ''}`,
  };
}

/** The `code` of an error or of its cause (`ECONNRESET`, `UND_ERR_SOCKET`), else ''. */
export function errorCode(error: unknown): string {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return String(candidate?.code ?? candidate?.cause?.code ?? '');
}
