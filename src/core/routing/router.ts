/**
 * Matching requests to operations, shared by the mock and the proxy.
 * - Path templates are matched segment by segment on the percent-decoded
 *   path, and concrete segments win over templated ones, left to right
 *   (OAS 4.8.8: concrete paths match before their templated counterparts).
 * - Routing is by path and method: `/items/{id}` (DELETE) and `/items/{key}`
 *   (GET) are one path to clients, each method keeping its own parameter names.
 * - A path key with a query part (`/export?format={format}`, seen in
 *   published specs) matches when the query carries those parameters
 *   (literal values must be equal); more such conditions win.
 * - The path of the spec's first server (`/v1`) may prefix every path; a
 *   match under it wins over a more templated match of the whole path.
 * - HEAD is GET without the body (RFC 9110 section 9.3.2): where the spec
 *   documents no HEAD of its own, a HEAD request finds the GET operation.
 * Unknown paths get `no-path` (404); known paths with another method
 * `no-method` with the allowed methods (405, RFC 9110 section 15.5.6).
 */
import type { Operation } from '../spec/types.js';
import { type CompiledTemplate, compileTemplate } from './path-template.js';

/** The outcome of routing one request. */
export type RouteResult =
  | { kind: 'found'; operation: Operation; pathParameters: Record<string, string> }
  | { kind: 'no-path' }
  | { kind: 'no-method'; allow: string[] };

/** Routes a method and a request target (path with optional query), and the headers (lower-case names), to an operation. */
export type Router = (method: string, target: string, headers?: Readonly<Record<string, string>>) => RouteResult;

/** Options of {@link createRouter}. */
export interface RouterOptions {
  /** Path prefixes that may precede every path (the servers' paths), e.g. `['/v1']`. */
  basePaths?: readonly string[];
}

/** A router over the operations of one spec. */
export function createRouter(operations: readonly Operation[], options: RouterOptions = {}): Router {
  const routes = operations.map((operation) => ({ template: compileTemplate(operation.path), operation }));
  routes.sort((a, b) => compareSpecificity(a.template, b.template));
  // Only templates with as many segments as the path can match it: each request tries those alone, in the same order.
  const bySegments = new Map<number, typeof routes>();
  for (const route of routes) {
    const length = route.template.segments.length;
    const bucket = bySegments.get(length);
    if (bucket) bucket.push(route);
    else bySegments.set(length, [route]);
  }
  const prefixes = [...new Set((options.basePaths ?? []).filter((prefix) => prefix !== '' && prefix !== '/'))];

  /** The route of an upper-case method and a path without prefix. */
  const match: Match = (method, path, query, headers) => {
    const segments = splitPath(path);
    if (segments === undefined) return { kind: 'no-path' };
    // Made only for a path whose methods do not include this one: a routed request builds no set.
    let allow: Set<string> | undefined;
    for (const route of bySegments.get(segments.length) ?? []) {
      const parameters = route.template.match(segments, query, headers);
      if (!parameters) continue;
      if (route.operation.method === method)
        return { kind: 'found', operation: route.operation, pathParameters: parameters };
      (allow ??= new Set()).add(route.operation.method);
    }
    return allow ? { kind: 'no-method', allow: [...allow] } : { kind: 'no-path' };
  };

  /** The route of the path as it is, else under a server prefix; a 405 wins over a 404. */
  const matchPrefixed: Match = (method, path, query, headers) => {
    let fallback: RouteResult = match(method, path, query, headers);
    for (const prefix of prefixes) {
      if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
      const result = match(method, path.slice(prefix.length) || '/', query, headers);
      // Paths are relative to the server (OAS 4.8.8): under the server `/story`, `/story/file` is the
      // concrete `/file` rather than `/{id}/file` with id `story` (presalytics.io, in the real-world loop).
      if (result.kind === 'found' && (fallback.kind !== 'found' || templated(result) < templated(fallback)))
        return result;
      if (fallback.kind === 'no-path') fallback = result;
    }
    return fallback;
  };

  return (method, target, headers = {}) => {
    const [path = '', search = ''] = splitTarget(target);
    const query = search === '' ? NO_QUERY : new URLSearchParams(search);
    const upper = method.toUpperCase();
    const routed = matchPrefixed(upper, path, query, headers);
    // HEAD is GET without the body (RFC 9110 section 9.3.2) where the spec documents no HEAD of its own.
    if (upper === 'HEAD' && routed.kind !== 'found') {
      const get = matchPrefixed('GET', path, query, headers);
      if (get.kind === 'found') return get;
    }
    return routed;
  };
}

/** How many path parameters a match took: fewer is more concrete. */
function templated(result: Extract<RouteResult, { kind: 'found' }>): number {
  return Object.keys(result.pathParameters).length;
}

type Match = (
  method: string,
  path: string,
  query: URLSearchParams,
  headers: Readonly<Record<string, string>>,
) => RouteResult;

/**
 * Concrete segments before templated ones, left to right, and within
 * templated segments more literal text first (`{name}:refresh` before
 * `{name}`, as in Google's descriptions); then more query conditions; then spec order.
 */
function compareSpecificity(a: CompiledTemplate, b: CompiledTemplate): number {
  // Only templates with as many segments as the path can match it: order those among themselves
  // (a total order, so that sorting is consistent).
  if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
  for (let index = 0; index < a.segments.length; index += 1) {
    const [left, right] = [a.segments[index]!, b.segments[index]!];
    if (left.literal !== right.literal) return left.literal ? -1 : 1;
    if (!left.literal && left.literalLength !== right.literalLength) return right.literalLength - left.literalLength;
  }
  return b.queryConditions - a.queryConditions;
}

/** The query of a target without one; templates only read it (`get`), never change it. */
const NO_QUERY = new URLSearchParams();

/** Decoded path segments; undefined when a segment is not valid percent-encoding. */
function splitPath(path: string): string[] | undefined {
  const segments = path.split('/').slice(1);
  // Most paths hold no percent-encoding: nothing to decode, no copy to make.
  if (!path.includes('%')) return segments;
  try {
    return segments.map((segment) => (segment.includes('%') ? decodeURIComponent(segment) : segment));
  } catch {
    return undefined;
  }
}

function splitTarget(target: string): [string, string] {
  const index = target.indexOf('?');
  return index < 0 ? [target, ''] : [target.slice(0, index), target.slice(index + 1)];
}
