/**
 * Secrets never reach output: the configured token is replaced by `***`
 * wherever it stands on its own (a header, a query value, a server's echo
 * of it), and curl lines reference the environment variable instead of the
 * value. A token is matched on token-character boundaries (RFC 6750
 * section 2.1, b64token), so a short token such as `t` masks `Bearer t`
 * but leaves the word `plantkit` alone.
 */
import type { CaseRequest } from './types.js';

/** Replaces a secret in text. */
export type Redactor = (text: string) => string;

/** Characters a bearer token is made of (b64token without its trailing `=` padding). */
const TOKEN_CHARACTER = String.raw`A-Za-z0-9\-._~+/`;

/** A redactor for `token` (identity when there is none). */
export function createRedactor(token: string | undefined): Redactor {
  if (!token) return (text) => text;
  const escaped = token.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const standalone = new RegExp(`(?<![${TOKEN_CHARACTER}])${escaped}(?![${TOKEN_CHARACTER}])`, 'g');
  return (text) => text.replace(standalone, '***');
}

/** Header values as they may be printed. */
export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
}

/** A URL as it may be printed: query values equal to the token (an apiKey in the query) masked. */
export function redactUrl(url: string, token: string | undefined): string {
  return withTokenInQuery(url, token, '***') ?? createRedactor(token)(url);
}

/**
 * A curl command that replays the request. Where the request carries the
 * token (an Authorization or apiKey header, an apiKey query value) the line
 * says `$PLANTKIT_TOKEN` (the configured variable), so it is safe to print
 * and still runs as is in a shell where the variable is set.
 */
export function toCurl(url: string, request: CaseRequest, token: string | undefined, tokenEnv: string): string {
  const variable = `$${tokenEnv}`;
  const sentinel = '\u0000plantkit-token\u0000';
  const urlWithVariable = withTokenInQuery(url, token, sentinel);
  const parts = ['curl', '-i', '-X', request.method, urlWithVariable ? doubleQuoted(urlWithVariable, sentinel, variable) : quote(url)];
  for (const [name, value] of Object.entries(request.headers)) {
    const credential = token ? credentialForm(value, token) : undefined;
    parts.push('-H', credential === undefined ? quote(`${name}: ${value}`) : doubleQuoted(`${name}: ${credential.replace(token!, sentinel)}`, sentinel, variable));
  }
  if (request.body !== undefined) parts.push('--data-binary', quote(request.body));
  return parts.join(' ');
}

/** `value` when it is the token itself or `Scheme token`; otherwise undefined. */
function credentialForm(value: string, token: string): string | undefined {
  if (value === token) return value;
  const match = /^(\S+) (.+)$/.exec(value);
  return match?.[2] === token ? value : undefined;
}

/** `url` with every query value equal to `token` replaced by `replacement`; undefined when none is. */
function withTokenInQuery(url: string, token: string | undefined, replacement: string): string | undefined {
  if (!token) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const pairs = [...parsed.searchParams];
  if (!pairs.some(([, value]) => value === token)) return undefined;
  const query = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value === token ? replacement : encodeURIComponent(value)}`).join('&');
  return `${parsed.origin}${parsed.pathname}?${query}${parsed.hash}`;
}

/** POSIX double quoting, with `sentinel` turned into a shell variable reference. */
function doubleQuoted(text: string, sentinel: string, variable: string): string {
  return `"${text.split(sentinel).map((piece) => piece.replace(/["\\`$]/g, '\\$&')).join(variable)}"`;
}

/** POSIX single quoting. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
