/** The Authorization header (RFC 9110 section 11.6.2): `Scheme credentials`, the scheme case-insensitive. */

/** The scheme (lower case) and the rest of an Authorization header value; undefined when it is absent or blank. */
export function parseAuthorization(header: string | undefined): { scheme: string; credentials: string } | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^(\S+)(?:[ \t]+(.*))?$/.exec(header.trim());
  return { scheme: (match?.[1] ?? '').toLowerCase(), credentials: match?.[2]?.trim() ?? '' };
}

/**
 * HTTP authentication schemes from the IANA registry: only these are named
 * back in a message. Anything else in the scheme position may be a bare
 * credential sent without a scheme, and is never echoed.
 */
const KNOWN_SCHEMES = new Set([
  'basic',
  'bearer',
  'digest',
  'negotiate',
  'ntlm',
  'hoba',
  'mutual',
  'vapid',
  'scram-sha-1',
  'scram-sha-256',
  'aws4-hmac-sha256',
  'oauth',
  'dpop',
  'privatetoken',
  'concealed',
]);

/** `the Basic scheme`, or a neutral phrase when the scheme word may be a secret. */
export function describeSentScheme(scheme: string): string {
  return KNOWN_SCHEMES.has(scheme)
    ? `the ${scheme.charAt(0).toUpperCase()}${scheme.slice(1)} scheme`
    : 'an unrecognised scheme';
}
