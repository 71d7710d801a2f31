/**
 * Which requests are the spec's: those under the base URL (the spec's first
 * server, OAS 4.8.5, or `baseUrl`). Anything else (another origin, another
 * path) stays MSW's business: its other handlers, then its
 * `onUnhandledRequest` strategy.
 */
import { UsageError } from '../core/errors.js';

/** The API's base URL and how to read a request URL against it. */
export interface ApiBase {
  /** The absolute base URL, without a trailing slash. */
  href: string;
  /** The URLs under the base, for MSW's matching (origin and path, no query): the handlers match nothing else. */
  pattern: RegExp;
  /** The request target (path below the base, and query) of `url`, or undefined when `url` is not under the base. */
  targetOf(url: string): string | undefined;
}

/** Resolve `baseUrl` (or the first server URL) against `location` (a page's; none in Node). */
export function apiBase(
  baseUrl: string | undefined,
  servers: readonly string[],
  location: string | undefined,
): ApiBase {
  const given = baseUrl ?? servers[0] ?? '/';
  let base: URL;
  try {
    base = new URL(given, location);
  } catch {
    throw new UsageError(
      baseUrl === undefined
        ? `the spec's server URL '${given}' is relative and there is no page location to resolve it against`
        : `baseUrl '${given}' is not a URL`,
      "pass an absolute baseUrl, e.g. createHandlers(spec, { baseUrl: 'http://localhost:4010' })",
    );
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new UsageError(`baseUrl '${given}' is not an http(s) URL`, 'e.g. http://localhost:4010');
  const path = base.pathname.replace(/\/+$/, '');
  return {
    href: `${base.origin}${path}`,
    pattern: new RegExp(`^${escapeRegExp(`${base.origin}${path}`)}(?:/.*)?$`),
    targetOf(url) {
      const request = new URL(url);
      if (request.origin !== base.origin) return undefined;
      if (request.pathname !== path && !request.pathname.startsWith(`${path}/`)) return undefined;
      return `${request.pathname.slice(path.length) || '/'}${request.search}`;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
