/**
 * HTTP Basic (RFC 7617): `Authorization: Basic base64(user:password)`. Any
 * well-formed pair is accepted unless one is pinned (`--basic user:password`).
 */
import { describeSentScheme, parseAuthorization } from './authorization-header.js';
import { sameSecret } from './same-secret.js';
import type { SchemeHandler } from './types.js';

const SEND = "send 'Authorization: Basic <base64 of user:password>'";

/** `type: http, scheme: basic`. */
export const httpBasicHandler: SchemeHandler = {
  id: 'http-basic',
  handles: (scheme) => scheme.type === 'http' && scheme.scheme === 'basic',
  check(request, _scheme, pinned) {
    const sent = parseAuthorization(request.headers.authorization);
    if (!sent) return { ok: false, reason: 'missing', message: `missing Authorization header; ${SEND}` };
    if (sent.scheme !== 'basic')
      return {
        ok: false,
        reason: 'missing',
        message: `${describeSentScheme(sent.scheme)} is not accepted here; ${SEND}`,
      };
    const pair = decodePair(sent.credentials);
    if (pair === undefined)
      return {
        ok: false,
        reason: 'malformed',
        message: `the Basic credentials are not base64 of user:password (RFC 7617 section 2); ${SEND}`,
      };
    if (pinned !== undefined && !sameSecret(pair, pinned))
      return {
        ok: false,
        reason: 'wrong',
        message: 'the Basic user or password is not the one the mock was started with (--basic)',
      };
    return { ok: true };
  },
  challenge: (_scheme, verdict) => (verdict.ok ? undefined : 'Basic realm="plantkit", charset="UTF-8"'),
  apply(target, _scheme, value) {
    target.headers.authorization = `Basic ${Buffer.from(value).toString('base64')}`;
  },
  invalid(_scheme, value, unique) {
    return [
      {
        slug: 'missing',
        title: 'no Authorization header',
        wrongValue: false,
        apply: (target) => delete target.headers.authorization,
      },
      {
        slug: 'malformed',
        title: "Authorization 'Basic' with credentials that are not base64 of user:password",
        wrongValue: false,
        apply: (target) => (target.headers.authorization = 'Basic !!not-base64!!'),
      },
      {
        slug: 'other-scheme',
        title: 'Authorization with the Bearer scheme instead of Basic',
        wrongValue: false,
        apply: (target) => (target.headers.authorization = 'Bearer plantkit-not-basic'),
      },
      ...(value === undefined
        ? []
        : [
            {
              slug: 'wrong-password',
              title: 'the right user with a password the server never issued',
              wrongValue: true,
              apply: (target: { headers: Record<string, string> }) =>
                (target.headers.authorization = `Basic ${Buffer.from(`${value.split(':')[0]}:plantkit-wrong-password-${unique}`).toString('base64')}`),
            },
          ]),
    ];
  },
};

/** `user:password` from base64, or undefined when it is not that (RFC 7617 section 2: the user-id has no colon). */
function decodePair(credentials: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials)) return undefined;
  const text = Buffer.from(credentials, 'base64').toString('utf8');
  return text.includes(':') ? text : undefined;
}
