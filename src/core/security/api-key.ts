/**
 * API keys (OAS 4.8.27, `type: apiKey`) in a header, a query parameter or a
 * cookie, under the name the scheme gives. Any non-empty key is accepted
 * unless one is pinned (`--api-key`).
 */
import type { SecuritySchemeUse } from '../spec/types.js';
import { sameSecret } from './same-secret.js';
import type { CredentialSource, CredentialTarget, SchemeHandler } from './types.js';

/** `type: apiKey`. */
export const apiKeyHandler: SchemeHandler = {
  id: 'api-key',
  handles: (scheme) => scheme.type === 'apiKey',
  check(request, scheme, pinned) {
    const sent = read(request, scheme);
    const where = describe(scheme);
    if (sent === undefined) return { ok: false, reason: 'missing', message: `missing API key: send it as ${where}` };
    if (sent.trim() === '') return { ok: false, reason: 'malformed', message: `the API key in ${where} is empty` };
    if (pinned !== undefined && !sameSecret(sent, pinned))
      return {
        ok: false,
        reason: 'wrong',
        message: `the API key in ${where} is not the one the mock was started with (--api-key)`,
      };
    return { ok: true };
  },
  // No HTTP authentication scheme exists for API keys; clients learn where to send it from the message.
  challenge: () => undefined,
  apply(target, scheme, value) {
    put(target, scheme, value);
  },
  invalid(scheme, value, unique) {
    return [
      {
        slug: 'missing',
        title: `no API key (${describe(scheme)})`,
        wrongValue: false,
        apply: (target) => remove(target, scheme),
      },
      {
        slug: 'empty-key',
        title: `an empty API key in ${describe(scheme)}`,
        wrongValue: false,
        apply: (target) => put(target, scheme, ''),
      },
      ...(value === undefined
        ? []
        : [
            {
              slug: 'wrong-key',
              title: `an API key the server never issued in ${describe(scheme)}`,
              wrongValue: true,
              apply: (target: CredentialTarget) => put(target, scheme, `plantkit-wrong-key-${unique}`),
            },
          ]),
    ];
  },
};

function describe(scheme: SecuritySchemeUse): string {
  const kind = scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header';
  return `the ${kind} '${scheme.parameterName ?? ''}'`;
}

function read(request: CredentialSource, scheme: SecuritySchemeUse): string | undefined {
  const name = scheme.parameterName ?? '';
  if (scheme.in === 'query') return request.query.get(name) ?? undefined;
  if (scheme.in === 'cookie') return request.cookies.get(name);
  return request.headers[name.toLowerCase()];
}

function put(target: CredentialTarget, scheme: SecuritySchemeUse, value: string): void {
  remove(target, scheme);
  const name = scheme.parameterName ?? '';
  if (scheme.in === 'query') target.query.push([name, value]);
  else if (scheme.in === 'cookie') target.cookies.push([name, value]);
  else target.headers[name.toLowerCase()] = value;
}

function remove(target: CredentialTarget, scheme: SecuritySchemeUse): void {
  const name = scheme.parameterName ?? '';
  if (scheme.in === 'query') target.query = target.query.filter(([key]) => key !== name);
  else if (scheme.in === 'cookie') target.cookies = target.cookies.filter(([key]) => key !== name);
  else delete target.headers[name.toLowerCase()];
}
