/** Server Objects (OAS 4.8.5): the URLs an API is served at, variables replaced by their defaults (4.8.6). */
import { asArray, asRecord } from './content.js';

/** Every server URL of the document, in spec order; `[]` when it declares none. */
export function serverUrls(document: Record<string, unknown>): string[] {
  return asArray(document.servers).flatMap((raw) => {
    const server = asRecord(raw);
    if (typeof server.url !== 'string') return [];
    const variables = asRecord(server.variables);
    return [
      server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
        const fallback = asRecord(variables[name]).default;
        return typeof fallback === 'string' ? fallback : whole;
      }),
    ];
  });
}

/**
 * The path part of the first server URL (`https://api.example.com/v1` -> `/v1`,
 * `/v2` -> `/v2`), without a trailing slash; '' when there is none. Relative
 * server URLs are relative to where the spec is served (4.8.5), so only their path counts.
 */
export function serverBasePath(servers: readonly string[]): string {
  const [first] = servers;
  if (first === undefined) return '';
  let path: string;
  try {
    path = new URL(first, 'http://plantkit.invalid').pathname;
  } catch {
    return '';
  }
  // An unreplaced variable (no default) leaves `{...}` in the path: no usable prefix.
  if (path.includes('{') || path.includes('%7B')) return '';
  return decodeURIComponent(path).replace(/\/+$/, '');
}
