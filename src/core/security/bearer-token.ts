/**
 * Bearer tokens in the Authorization header (RFC 6750 section 2.1): HTTP
 * `bearer`, and OAuth2 and OpenID Connect, whose access tokens travel the
 * same way. The scheme word is case-insensitive (RFC 9110 section 11.1).
 * Challenges carry RFC 6750 section 3.1 error codes.
 */
import type { SecuritySchemeUse } from '../spec/types.js';
import { describeSentScheme, parseAuthorization } from './authorization-header.js';
import { sameSecret } from './same-secret.js';
import type { SchemeHandler, SchemeVerdict } from './types.js';

const REALM = 'Bearer realm="plantkit"';
const SEND = "send 'Authorization: Bearer <token>'";

/** A bearer-token handler for the schemes `handles` accepts. */
function bearerHandler(id: string, handles: (scheme: SecuritySchemeUse) => boolean): SchemeHandler {
  return {
    id,
    handles,
    check(request, _scheme, pinned): SchemeVerdict {
      const sent = parseAuthorization(request.headers.authorization);
      if (!sent) return { ok: false, reason: 'missing', message: `missing Authorization header; ${SEND}` };
      if (sent.scheme !== 'bearer') {
        const named =
          describeSentScheme(sent.scheme) === 'an unrecognised scheme'
            ? 'the Authorization header does not start with the Bearer scheme'
            : `${describeSentScheme(sent.scheme)} is not accepted`;
        return { ok: false, reason: 'missing', message: `${named}; ${SEND}` };
      }
      if (sent.credentials === '' || /\s/.test(sent.credentials))
        return { ok: false, reason: 'malformed', message: `Authorization header has no bearer token; ${SEND}` };
      if (pinned !== undefined && !sameSecret(sent.credentials, pinned))
        return {
          ok: false,
          reason: 'wrong',
          message: 'the bearer token is not the one the mock was started with (--token)',
        };
      return { ok: true };
    },
    challenge(scheme, verdict) {
      const scope = scheme.scopes.length > 0 ? `, scope="${scheme.scopes.join(' ')}"` : '';
      if (verdict.ok) return undefined;
      if (verdict.reason === 'malformed') return `${REALM}${scope}, error="invalid_request"`;
      if (verdict.reason === 'wrong') return `${REALM}${scope}, error="invalid_token"`;
      return `${REALM}${scope}`;
    },
    apply(target, _scheme, value) {
      target.headers.authorization = `Bearer ${value}`;
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
          slug: 'empty-token',
          title: "Authorization 'Bearer ' with no token",
          wrongValue: false,
          apply: (target) => (target.headers.authorization = 'Bearer '),
        },
        {
          slug: 'other-scheme',
          title: 'Authorization with the Basic scheme instead of Bearer',
          wrongValue: false,
          apply: (target) => (target.headers.authorization = 'Basic cGxhbnRraXQ6cGxhbnRraXQ='),
        },
        ...(value === undefined
          ? []
          : [
              {
                slug: 'wrong-token',
                title: 'a bearer token the server never issued',
                wrongValue: true,
                apply: (target: { headers: Record<string, string> }) =>
                  (target.headers.authorization = `Bearer plantkit-wrong-token-${unique}`),
              },
            ]),
      ];
    },
  };
}

/** `type: http, scheme: bearer` (OAS 4.8.27). */
export const httpBearerHandler = bearerHandler(
  'http-bearer',
  (scheme) => scheme.type === 'http' && scheme.scheme === 'bearer',
);

/** `type: oauth2`: access tokens are bearer tokens (RFC 6749 section 7.1, RFC 6750). */
export const oauth2Handler = bearerHandler('oauth2', (scheme) => scheme.type === 'oauth2');

/** `type: openIdConnect`: the access token is an OAuth2 bearer token (OpenID Connect Core section 16.4 aside). */
export const openIdConnectHandler = bearerHandler('openid-connect', (scheme) => scheme.type === 'openIdConnect');
