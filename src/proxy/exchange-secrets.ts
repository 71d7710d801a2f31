/**
 * What in one exchange looks like a credential, so that it is forwarded but
 * never printed or written to a report (redaction itself is
 * core/exchange/redact.ts): credential headers (Authorization and its decoded
 * Basic pair, API key headers), cookies named like credentials or holding
 * an opaque token, the spec's apiKey query parameters and cookies, query
 * parameters named like credentials, and body fields named like them
 * (`password`, `access_token`, ...) in the request and the answer.
 */
import { isCredentialHeader, type Secret } from '../core/exchange/redact.js';
import { parseCookieHeader } from '../core/params/cookies.js';
import type { CredentialNames } from './proxy-state.js';

/** The parts of an exchange secrets may hide in. */
export interface ExchangeParts {
  /** Request headers by lower-case name. */
  headers: Readonly<Record<string, string>>;
  /** The query string without `?`. */
  search: string;
  /** The request body as decoded for the checks (JSON, form fields), if any. */
  requestValue: unknown;
  /** The answer's Set-Cookie values. */
  setCookies: readonly string[];
  /** The answer's body as decoded for the checks, if any. */
  responseValue: unknown;
}

/** The secrets of recent exchanges, kept so that one exchange cannot print another's (a login answer's token, echoed later). */
export interface SecretMemory {
  /** Add `secrets`; returns every remembered secret, these included. */
  remember(secrets: readonly Secret[]): readonly Secret[];
}

/** A memory of the `limit` most recently seen distinct secrets. */
export function createSecretMemory(limit = 64): SecretMemory {
  const values = new Map<string, Secret>();
  let all: readonly Secret[] = [];
  return {
    remember(secrets) {
      let changed = false;
      for (const secret of secrets) {
        if (values.has(secret.value)) continue;
        values.set(secret.value, secret);
        if (values.size > limit) values.delete(values.keys().next().value!);
        changed = true;
      }
      if (changed) all = [...values.values()];
      return all;
    },
  };
}

/** An opaque token: long enough and made of token characters only (session ids, JWTs). */
const OPAQUE = /^[A-Za-z0-9\-._~+/=%]{16,}$/;
/** Most values walked in one body: secrets sit near the top of login answers, not deep in lists. */
const MAX_NODES = 2000;

/** Whether a name looks like a credential's, by name: every exchange asks about the same few. */
const credentialNames = new Map<string, boolean>();

function namedLikeCredential(name: string): boolean {
  let known = credentialNames.get(name);
  if (known === undefined) {
    if (credentialNames.size >= 1024) credentialNames.clear();
    known = isCredentialHeader(name);
    credentialNames.set(name, known);
  }
  return known;
}

/** Every credential-like value of the exchange. */
export function exchangeSecrets(parts: ExchangeParts, names: CredentialNames): Secret[] {
  const values: string[] = [];
  for (const name in parts.headers) {
    const value = parts.headers[name]!;
    if (name === 'cookie') values.push(...cookieSecrets(parseCookieHeader(value), names));
    else if (namedLikeCredential(name)) values.push(...headerSecrets(value));
  }
  if (parts.search !== '')
    for (const [name, value] of new URLSearchParams(parts.search))
      if (names.query.has(name) || namedLikeCredential(name)) values.push(value);
  for (const line of parts.setCookies) {
    const pair = line.split(';')[0] ?? '';
    const index = pair.indexOf('=');
    if (index > 0) values.push(...cookieSecrets([[pair.slice(0, index).trim(), pair.slice(index + 1).trim()]], names));
  }
  values.push(...fieldSecrets(parts.requestValue), ...fieldSecrets(parts.responseValue));
  if (values.length === 0) return [];
  return [...new Set(values.filter((value) => value.trim() !== ''))].map((value) => ({ value }));
}

/**
 * `Bearer abc`: the credentials after the scheme (printed as `Bearer ***`,
 * RFC 9110 section 11.4), else the whole value; for Basic also the decoded
 * `user:password` and the password alone (RFC 7617), which servers echo.
 */
function headerSecrets(value: string): string[] {
  const match = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) +(\S.*)$/.exec(value.trim());
  if (!match) return [value];
  const [, scheme = '', credentials = ''] = match;
  if (scheme.toLowerCase() !== 'basic') return [credentials];
  const pair = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? [credentials] : [credentials, pair, pair.slice(colon + 1)];
}

function cookieSecrets(pairs: ReadonlyArray<readonly [string, string]>, names: CredentialNames): string[] {
  return pairs
    .filter(([name, value]) => names.cookie.has(name) || namedLikeCredential(name) || OPAQUE.test(value))
    .map(([, value]) => value);
}

/** String values of object properties named like credentials, anywhere in a decoded body. */
function fieldSecrets(root: unknown): string[] {
  const found: string[] = [];
  const queue: unknown[] = [root];
  for (let visited = 0; queue.length > 0 && visited < MAX_NODES; visited += 1) {
    const node = queue.shift();
    if (typeof node !== 'object' || node === null) continue;
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string' && !Array.isArray(node) && namedLikeCredential(name)) found.push(value);
      else if (typeof value === 'object' && value !== null) queue.push(value);
    }
  }
  return found;
}
