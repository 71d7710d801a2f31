/**
 * Secrets never reach output: the configured token, and the values of
 * credential headers given with --header, are replaced by `***` wherever
 * they stand on their own (a header, a query value, a server's echo of
 * them), and curl lines reference the environment variable a secret came
 * from instead of its value. A secret is matched on token-character
 * boundaries (RFC 6750 section 2.1, b64token), so a short token such as `t`
 * masks `Bearer t` but leaves the word `plantkit` alone.
 */
import type { CaseRequest } from './types.js';

/** Replaces secrets in text. */
export type Redactor = (text: string) => string;

/** A value to keep out of output, and the environment variable that holds it (for curl lines), if any. */
export interface Secret {
  value: string;
  variable?: string;
}

/** Characters a bearer token is made of (b64token without its trailing `=` padding). */
const TOKEN_CHARACTER = String.raw`A-Za-z0-9\-._~+/`;

/**
 * Header names whose values are credentials: Authorization and cookies, and
 * any name that mentions a key, token, secret, password or session.
 */
export function isCredentialHeader(name: string): boolean {
  return (
    /^(authorization|proxy-authorization|cookie|set-cookie)$/i.test(name) ||
    /key|token|secret|passw|session|auth/i.test(name)
  );
}

/** The secrets of a run: the token (held by `tokenEnv`), then any others. */
export function runSecrets(token: string | undefined, tokenEnv: string, others: readonly Secret[] = []): Secret[] {
  return [...(token ? [{ value: token, variable: tokenEnv }] : []), ...others.filter((secret) => secret.value !== '')];
}

/** A redactor for a token or a list of secrets (identity when there are none). */
export function createRedactor(secrets: string | undefined | readonly Secret[]): Redactor {
  const list = typeof secrets === 'string' ? [{ value: secrets }] : (secrets ?? []);
  const known = typeof secrets === 'object' ? redactors.get(secrets) : undefined;
  if (known) return known;
  const patterns = longestFirst(list).map((secret) => standalone(secret.value));
  const redactor: Redactor =
    patterns.length === 0
      ? (text) => text
      : (text) => patterns.reduce((result, pattern) => result.replace(pattern, '***'), text);
  if (typeof secrets === 'object') redactors.set(secrets, redactor);
  return redactor;
}

/**
 * Redactors by secret list: the proxy hands the same list (its memory of recent secrets) to every
 * exchange until a new secret arrives, so its regular expressions are compiled once per change, not
 * several times per exchange. Lists are read-only once given (`readonly Secret[]`).
 */
const redactors = new WeakMap<readonly Secret[], Redactor>();

/** Header values as they may be printed. */
export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
}

/** A URL as it may be printed: query values equal to a secret (an apiKey in the query) masked. */
export function redactUrl(url: string, secrets: readonly Secret[]): string {
  return withSecretsInQuery(url, secrets, () => '***') ?? createRedactor(secrets)(url);
}

/**
 * A curl command that replays the request. Where the request carries a
 * secret (an Authorization or apiKey header, an apiKey query value) the line
 * says `$PLANTKIT_TOKEN` (the variable that holds it), so it is safe to
 * print and still runs as is in a shell where the variable is set; a secret
 * given literally on the command line shows as `***`.
 */
export function toCurl(url: string, request: CaseRequest, secrets: readonly Secret[]): string {
  const ordered = longestFirst(secrets);
  const sentinel = (index: number) => `\u0000plantkit-secret-${index}\u0000`;
  const reference = (index: number) => ordered[index]!.variable ?? '';
  const urlWithSentinels = withSecretsInQuery(url, ordered, sentinel);
  const parts = [
    'curl',
    '-i',
    '-X',
    request.method,
    urlWithSentinels ? doubleQuoted(urlWithSentinels, reference) : quote(url),
  ];
  for (const [name, value] of Object.entries(request.headers)) {
    const marked = ordered.reduce(
      (text, secret, index) => text.replace(standalone(secret.value), sentinel(index)),
      value,
    );
    parts.push('-H', marked === value ? quote(`${name}: ${value}`) : doubleQuoted(`${name}: ${marked}`, reference));
  }
  if (request.body !== undefined) parts.push('--data-binary', quote(request.body));
  return parts.join(' ');
}

function longestFirst(secrets: readonly Secret[]): Secret[] {
  return [...secrets].filter((secret) => secret.value !== '').sort((a, b) => b.value.length - a.value.length);
}

function standalone(value: string): RegExp {
  const escaped = value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  return new RegExp(`(?<![${TOKEN_CHARACTER}])${escaped}(?![${TOKEN_CHARACTER}])`, 'g');
}

/** `url` with every query value equal to a secret replaced by `replacement(index)`; undefined when none is. */
function withSecretsInQuery(
  url: string,
  secrets: readonly Secret[],
  replacement: (index: number) => string,
): string | undefined {
  if (secrets.length === 0) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const pairs = [...parsed.searchParams];
  const indexOf = (value: string) => secrets.findIndex((secret) => secret.value === value);
  if (!pairs.some(([, value]) => indexOf(value) >= 0)) return undefined;
  const query = pairs
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${indexOf(value) >= 0 ? replacement(indexOf(value)) : encodeURIComponent(value)}`,
    )
    .join('&');
  return `${parsed.origin}${parsed.pathname}?${query}${parsed.hash}`;
}

/**
 * POSIX double quoting, with each sentinel turned into a reference to the
 * secret's variable (`${NAME}` where a name character follows), or `***`.
 */
function doubleQuoted(text: string, reference: (index: number) => string): string {
  const pieces = text.split(/\u0000plantkit-secret-(\d+)\u0000/);
  let out = '';
  for (const [position, piece] of pieces.entries()) {
    if (position % 2 === 0) {
      out += piece.replace(/["\\`$]/g, '\\$&');
      continue;
    }
    const variable = reference(Number(piece));
    const next = pieces[position + 1] ?? '';
    out += variable === '' ? '***' : /^[A-Za-z0-9_]/.test(next) ? `\${${variable}}` : `$${variable}`;
  }
  return `"${out}"`;
}

/** POSIX single quoting. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
