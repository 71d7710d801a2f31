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
  /**
   * The value is HTTP Basic credentials (RFC 7617: base64 of `user:password`)
   * and `variable` holds the `user:password` they encode: a curl line sends
   * them with `-u "$VARIABLE"`, which makes the same Authorization header.
   */
  basic?: boolean;
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

/**
 * A JSON-like value (a finding, a violation) with every string in it redacted, member names kept.
 * Redacting its JSON text instead would also mask a secret inside an escape (a token `t` in `\t`)
 * and leave text that is no longer JSON.
 */
export function redactValue<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) if (item !== undefined) copy[name] = redactValue(item, redact);
  return copy as T;
}

/** Header values as they may be printed. */
export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
}

/** A URL as it may be printed: query values equal to a secret (an apiKey in the query) masked. */
export function redactUrl(url: string, secrets: readonly Secret[]): string {
  return withSecretsInQuery(url, secrets, () => '***') ?? createRedactor(secrets)(url);
}

/**
 * A curl command that sends what the runner sent (issue 18 section 4):
 * the method (`-I` for HEAD, which `-X HEAD` would wait on a body for),
 * the target as sent (`-g` where it holds brackets, which curl would read
 * as a glob; `--path-as-is` for dot segments, which curl would remove),
 * every header, the body bytes (`--data-binary`, which adds no newline),
 * `Content-Length: 0` where undici sends it for a POST, PUT or PATCH
 * without a body, and no header curl would add on its own (User-Agent, an
 * Accept the runner left out). HTTP/1.1 as undici speaks it (`--http1.1`
 * on https, where curl would offer HTTP/2). Where the request carries a
 * secret (an Authorization or apiKey header, an apiKey query value) the
 * line says `$PLANTKIT_TOKEN` (the variable that holds it), or `-u
 * "$PLANTKIT_BASIC"` for Basic credentials, so it is safe to print and
 * still runs as is in a shell where the variable is set; a secret given
 * literally on the command line shows as `***`.
 */
export function toCurl(url: string, request: CaseRequest, secrets: readonly Secret[]): string {
  const ordered = longestFirst(secrets);
  const sentinel = (index: number) => `\u0000plantkit-secret-${index}\u0000`;
  // A Basic secret stands for its variable only as a whole Authorization value (`-u`); anywhere else it is `***`.
  const reference = (index: number) => (ordered[index]!.basic ? '' : (ordered[index]!.variable ?? ''));
  // The target as the HTTP client sends it: WHATWG-parsed (dot segments resolved, reserved bytes escaped), no fragment.
  const parsed = new URL(url);
  const sent = `${parsed.origin}${parsed.pathname}${parsed.search}`;
  const urlWithSentinels = withSecretsInQuery(sent, ordered, sentinel);
  const method = request.method.toUpperCase();
  const parts = ['curl', ...(method === 'HEAD' ? ['-I'] : ['-i', '-X', request.method])];
  if (parsed.protocol === 'https:') parts.push('--http1.1');
  if (/[[\]{}]/.test(sent)) parts.push('-g');
  parts.push(urlWithSentinels ? doubleQuoted(urlWithSentinels, reference) : quote(sent));
  const names = new Set(Object.keys(request.headers).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(request.headers)) {
    const basic = name.toLowerCase() === 'authorization' && basicVariable(value, ordered);
    if (basic) {
      parts.push('-u', `"$${basic}"`);
      continue;
    }
    const marked = ordered.reduce(
      (text, secret, index) => text.replace(standalone(secret.value), sentinel(index)),
      value,
    );
    // `-H 'Name:'` would remove the header: an empty value is sent with `Name;`.
    const header = value === '' ? `${name};` : `${name}: ${marked}`;
    parts.push('-H', marked === value ? quote(header) : doubleQuoted(header, reference));
  }
  if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(method) && !names.has('content-length'))
    parts.push('-H', quote('Content-Length: 0'));
  if (!names.has('accept')) parts.push('-H', quote('Accept:'));
  if (request.body !== undefined && !names.has('content-type')) parts.push('-H', quote('Content-Type:'));
  parts.push('-H', quote('User-Agent:'));
  if (request.body === undefined) return parts.join(' ');
  // A NUL cannot travel in an argument: such a body goes through printf and standard input.
  if (!request.body.includes('\u0000')) return [...parts, '--data-binary', quote(request.body)].join(' ');
  const escaped = request.body.replace(/\\/g, '\\\\').replace(/\u0000/g, '\\0000');
  return `printf '%b' ${quote(escaped)} | ${[...parts, '--data-binary', '@-'].join(' ')}`;
}

/** The variable of the Basic secret that is this whole Authorization value (`Basic <credentials>`), if any. */
function basicVariable(value: string, secrets: readonly Secret[]): string | undefined {
  const credentials = /^basic +(\S+)$/i.exec(value)?.[1];
  return secrets.find((secret) => secret.basic && secret.variable && secret.value === credentials)?.variable;
}

/**
 * `text` with every secret written as a reference to its variable, for a
 * report a later run sends again (`--rerun-failed`): `${NAME}`, or
 * `${NAME:basic}` for the Basic credentials of a `user:password` variable;
 * a literal `$` is written `$$`. Undefined when a secret in it has no
 * variable: such text is left out of reports.
 */
export function withSecretReferences(text: string, secrets: readonly Secret[]): string | undefined {
  const ordered = longestFirst(secrets);
  let out = text.replace(/\$/g, '$$$$');
  for (const secret of ordered) {
    const pattern = standalone(secret.value.replace(/\$/g, '$$$$'));
    if (!pattern.test(out)) continue;
    if (!secret.variable) return undefined;
    out = out.replace(pattern, `\${${secret.variable}${secret.basic ? ':basic' : ''}}`);
  }
  return out;
}

/** Text written by {@link withSecretReferences} with each reference resolved by `lookup`; undefined when one has no value. */
export function resolveSecretReferences(
  text: string,
  lookup: (variable: string) => string | undefined,
): string | undefined {
  let missing = false;
  const resolved = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(:basic)?\}/g,
    (match, name?: string, basic?: string) => {
      if (match === '$$') return '$';
      const value = lookup(name!);
      if (value === undefined) {
        missing = true;
        return '';
      }
      return basic ? Buffer.from(value).toString('base64') : value;
    },
  );
  return missing ? undefined : resolved;
}

function longestFirst(secrets: readonly Secret[]): Secret[] {
  return [...secrets].filter((secret) => secret.value !== '').sort((a, b) => b.value.length - a.value.length);
}

function standalone(value: string): RegExp {
  const escaped = value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  return new RegExp(`(?<![${TOKEN_CHARACTER}])${escaped}(?![${TOKEN_CHARACTER}])`, 'g');
}

/**
 * `url` with every query value equal to a secret replaced by
 * `replacement(index)`, the rest of the text left exactly as it was;
 * undefined when no value is a secret.
 */
function withSecretsInQuery(
  url: string,
  secrets: readonly Secret[],
  replacement: (index: number) => string,
): string | undefined {
  const start = url.indexOf('?');
  if (secrets.length === 0 || start < 0) return undefined;
  const end = url.includes('#') ? url.indexOf('#') : url.length;
  let found = false;
  const pairs = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const value = new URLSearchParams(`v=${pair.slice(equals + 1)}`).get('v') ?? '';
      const index = secrets.findIndex((secret) => secret.value === value);
      if (index < 0) return pair;
      found = true;
      return `${pair.slice(0, equals + 1)}${replacement(index)}`;
    });
  return found ? `${url.slice(0, start + 1)}${pairs.join('&')}${url.slice(end)}` : undefined;
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
