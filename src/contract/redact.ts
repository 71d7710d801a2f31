/**
 * Secrets never reach output: the configured token is replaced by `***`
 * wherever it would be shown, and curl lines reference the environment
 * variable instead of the value.
 */
import type { CaseRequest } from './types.js';

/** Replaces a secret in text. */
export type Redactor = (text: string) => string;

/** A redactor for `token` (identity when there is none). */
export function createRedactor(token: string | undefined): Redactor {
  if (!token) return (text) => text;
  return (text) => text.split(token).join('***');
}

/** Header values as they may be printed. */
export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
}

/**
 * A curl command that replays the request. The token appears as
 * `$PLANTKIT_TOKEN` (the configured variable), so the line is safe to print
 * and still runs as is in a shell where the variable is set.
 */
export function toCurl(url: string, request: CaseRequest, token: string | undefined, tokenEnv: string): string {
  const parts = ['curl', '-i', '-X', request.method, quote(url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (token && value.includes(token)) parts.push('-H', `"${`${name}: ${value}`.split(token).map(escapeDoubleQuoted).join(`$${tokenEnv}`)}"`);
    else parts.push('-H', quote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-binary', quote(request.body));
  return parts.join(' ');
}

/** Escape text for a POSIX double-quoted string. */
function escapeDoubleQuoted(text: string): string {
  return text.replace(/["\\`$]/g, '\\$&');
}

/** POSIX single quoting. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
