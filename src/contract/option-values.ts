/**
 * Checking single option values of a contract run (`runContract`'s options
 * and the CLI flags they come from): each returns the value to use or throws
 * a UsageError that names the flag and what a good value looks like.
 */
import { UsageError } from '../core/errors.js';

/** An integer option within [low, high]. */
export function ranged(flag: string, value: number, low: number, high: number): number {
  if (!Number.isInteger(value) || value < low || value > high)
    throw new UsageError(`--${flag} must be an integer from ${low} to ${high}, got ${String(value)}`);
  return value;
}

/** A positive number option, or undefined when absent. */
export function positive(flag: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${flag} must be positive, got ${String(value)}`);
  return value;
}

/**
 * Header names in lower case (as the cases write theirs), checked against
 * RFC 9110 section 5.1 (a token) and 5.5 (no CR, LF or NUL in a value).
 */
export function normalizeHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name))
      throw new UsageError(`--header name '${name}' is not a valid header name`, "write it as 'Name: value'");
    if (/[\r\n\0]/.test(value))
      throw new UsageError(`--header ${name} has a line break or NUL in its value`, 'header values are one line');
    normalized[name.toLowerCase()] = value.trim();
  }
  return normalized;
}

/** A non-negative integer option. */
export function count(flag: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0)
    throw new UsageError(`--${flag} must be an integer >= 0, got ${String(value)}`);
  return value;
}

/** The base URL without a trailing slash; http(s) only. */
export function parseBaseUrl(raw: string | undefined): string {
  if (!raw)
    throw new UsageError(
      'missing --base-url',
      'pass the address of the implementation to test, e.g. --base-url http://127.0.0.1:8080',
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(
      `--base-url '${raw}' is not a URL`,
      'give an absolute http(s) URL such as http://127.0.0.1:8080',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must be http or https, got ${url.protocol.replace(':', '')}`);
  if (url.username || url.password)
    throw new UsageError('--base-url must not carry credentials; put the token in PLANTKIT_TOKEN');
  if (url.search || url.hash) throw new UsageError('--base-url must not have a query string or fragment');
  return url.href.replace(/\/+$/, '');
}

/** `maxTransportFailures` (a library option, no flag): an integer >= 0. */
export function transportFailures(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0)
    throw new UsageError(`maxTransportFailures must be an integer >= 0, got ${String(value)}`);
  return value;
}

/** `--seed`: absent, or an integer from 0 to `max`. */
export function checkSeed(seed: number | undefined, max: number): void {
  if (seed === undefined) return;
  if (!Number.isInteger(seed) || seed < 0 || seed > max) {
    throw new UsageError(
      `--seed must be an integer from 0 to ${max}, got ${String(seed)}`,
      'copy the seed a previous run printed',
    );
  }
}

/** A flag that takes one of `allowed` (`--fail-on`), `fallback` when absent. */
export function oneOfValues<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got '${value}'`);
  return value as T;
}
