/**
 * Other HTTP authentication schemes (Digest, Negotiate, HOBA, AWS4, ...; the
 * IANA registry): the mock checks that the Authorization header uses the
 * scheme; it cannot verify the credentials. The runner sends the value
 * configured for the scheme (`PLANTKIT_AUTH_<NAME>`) after the scheme word.
 * `mutualTLS` is below HTTP and cannot be checked here: it is accepted.
 */
import { parseAuthorization } from './authorization-header.js';
import type { SchemeHandler } from './types.js';

/** `type: http` with a scheme other than bearer or basic. */
export const httpOtherHandler: SchemeHandler = {
  id: 'http-other',
  handles: (scheme) => scheme.type === 'http',
  check(request, scheme) {
    const sent = parseAuthorization(request.headers.authorization);
    const word = scheme.scheme ?? '';
    if (!sent || sent.scheme !== word)
      return { ok: false, reason: 'missing', message: `missing Authorization header with the ${word} scheme` };
    if (sent.credentials === '')
      return { ok: false, reason: 'malformed', message: `the ${word} Authorization header has no credentials` };
    return { ok: true };
  },
  challenge: (scheme, verdict) => (verdict.ok ? undefined : `${capitalise(scheme.scheme ?? '')} realm="plantkit"`),
  apply(target, scheme, value) {
    target.headers.authorization = `${capitalise(scheme.scheme ?? '')} ${value}`;
  },
  invalid: () => [
    {
      slug: 'missing',
      title: 'no Authorization header',
      wrongValue: false,
      apply: (target) => delete target.headers.authorization,
    },
  ],
};

/** `type: mutualTLS` (OAS 3.1) and unknown types: nothing at the HTTP level to check or send. */
export const transportLevelHandler: SchemeHandler = {
  id: 'transport-level',
  handles: () => true,
  check: () => ({ ok: true }),
  challenge: () => undefined,
  apply: () => {},
  invalid: () => [],
};

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
