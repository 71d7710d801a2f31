/**
 * CORS for credentialed browser requests (Fetch standard, CORS protocol):
 * the Origin is echoed with `Vary: Origin` (never `*` together with
 * credentials), and preflights are answered for the requested headers,
 * Authorization and Content-Type included.
 */

/** Request headers (lower case) of one request. */
type Headers = Record<string, string | string[] | undefined>;

/** Headers exposed to browser scripts beyond the CORS-safelisted ones. */
const EXPOSED = 'www-authenticate, allow, content-length, x-plantkit-mock, x-plantkit-reason, x-plantkit-warning';

/** True for a CORS preflight: OPTIONS with an Origin and Access-Control-Request-Method. */
export function isPreflight(method: string, headers: Headers): boolean {
  return (
    method === 'OPTIONS' &&
    typeof headers.origin === 'string' &&
    typeof headers['access-control-request-method'] === 'string'
  );
}

/** Headers for an actual (non-preflight) response; none without an Origin. */
export function corsHeaders(headers: Headers): Record<string, string> {
  const origin = headers.origin;
  if (typeof origin !== 'string') return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED,
    vary: 'Origin',
  };
}

/** Headers of the 204 answer to a preflight. */
export function preflightHeaders(headers: Headers, methods: readonly string[]): Record<string, string> {
  const requestedHeaders = headers['access-control-request-headers'];
  const allowHeaders =
    typeof requestedHeaders === 'string' && requestedHeaders.trim() !== ''
      ? requestedHeaders
      : 'authorization, content-type, prefer';
  return {
    ...corsHeaders(headers),
    'access-control-allow-methods': methods.join(', '),
    'access-control-allow-headers': allowHeaders,
    'access-control-max-age': '600',
    // Chrome's Private Network Access preflights ask for this explicitly.
    ...(headers['access-control-request-private-network'] === 'true'
      ? { 'access-control-allow-private-network': 'true' }
      : {}),
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
}
