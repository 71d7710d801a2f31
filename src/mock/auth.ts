/**
 * Bearer authentication of mock requests (RFC 6750 section 2.1). The scheme
 * is case-insensitive (RFC 9110 section 11.1); with a configured token only
 * that token is accepted, otherwise any non-empty one.
 */
import { timingSafeEqual } from 'node:crypto';

/** Why a request is not authenticated, with the challenge to send (RFC 6750 section 3). */
export type AuthOutcome = { ok: true } | { ok: false; message: string; challenge: string };

const REALM = 'Bearer realm="plantkit"';

/**
 * HTTP authentication schemes from the IANA registry: only these are named
 * back in a message. Anything else in the scheme position may be a bare
 * credential sent without a scheme, and is never echoed.
 */
const KNOWN_SCHEMES = new Set(['basic', 'digest', 'negotiate', 'ntlm', 'hoba', 'mutual', 'vapid', 'scram-sha-1', 'scram-sha-256', 'aws4-hmac-sha256', 'oauth', 'dpop', 'privatetoken', 'concealed']);

/** Check an Authorization header value. */
export function checkBearer(header: string | undefined, expected: string | undefined): AuthOutcome {
  if (header === undefined || header.trim() === '') {
    return { ok: false, message: "missing Authorization header; send 'Authorization: Bearer <token>'", challenge: REALM };
  }
  const match = /^(\S+)(?:[ \t]+(.*))?$/.exec(header.trim());
  const scheme = match?.[1] ?? '';
  const token = match?.[2]?.trim() ?? '';
  if (scheme.toLowerCase() !== 'bearer') {
    const named = KNOWN_SCHEMES.has(scheme.toLowerCase()) ? `the ${scheme} scheme is not accepted` : 'the Authorization header does not start with the Bearer scheme';
    return { ok: false, message: `${named}; send 'Authorization: Bearer <token>'`, challenge: REALM };
  }
  if (token === '' || /\s/.test(token)) {
    return { ok: false, message: "Authorization header has no bearer token; send 'Authorization: Bearer <token>'", challenge: `${REALM}, error="invalid_request"` };
  }
  if (expected !== undefined && !sameSecret(token, expected)) {
    return { ok: false, message: 'the bearer token is not the one the mock was started with (--token)', challenge: `${REALM}, error="invalid_token"` };
  }
  return { ok: true };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
