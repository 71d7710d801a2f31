/**
 * Diagnoses of a run as a whole, for the lines before its summary: when
 * nearly every request got 404, the base URL is the likely culprit, not the
 * implementation (the spec's paths are appended to --base-url, OAS 4.8.5).
 */

import type { CaseResult } from '../core/exchange/types.js';
import type { LoadedSpec } from '../core/spec/types.js';

/** Share of answered requests that must be 404 for the hint (nearly every one). */
const NOT_FOUND_SHARE = 0.9;

/** Hints about the run, one line each; empty when nothing stands out. */
export function runHints(results: readonly CaseResult[], spec: LoadedSpec, baseUrl: string): string[] {
  const answered = results.filter((result) => result.exchange.response !== undefined);
  const notFound = answered.filter((result) => result.exchange.response!.status === 404).length;
  if (answered.length < 3 || notFound < answered.length * NOT_FOUND_SHARE) return [];
  const what =
    notFound === answered.length ? 'every request got 404' : `${notFound} of ${answered.length} requests got 404`;
  const prefix = serverPath(spec);
  const missing =
    prefix !== undefined && !new URL(baseUrl).pathname.replace(/\/+$/, '').endsWith(prefix)
      ? ` (the spec's servers say ${prefix})`
      : '';
  return [`${what}: is --base-url missing a path prefix${missing}?`];
}

/** The path of the spec's first server URL, variables at their defaults (`/v1`); undefined when it has none. */
function serverPath(spec: LoadedSpec): string | undefined {
  const server = (
    spec.document.servers as Array<{ url?: unknown; variables?: Record<string, { default?: unknown }> }> | undefined
  )?.[0];
  if (typeof server?.url !== 'string') return undefined;
  const url = server.url.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    String(server.variables?.[name]?.default ?? ''),
  );
  try {
    const path = new URL(url, 'http://server.invalid').pathname.replace(/\/+$/, '');
    return path === '' ? undefined : path;
  } catch {
    return undefined;
  }
}
