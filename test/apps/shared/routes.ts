/**
 * Path-template routing for the reference apps (OAS 3.1 section 4.8.8: a
 * template variable matches one whole path segment). Segments are
 * percent-decoded before matching; a segment that does not decode matches
 * nothing.
 */
import type { ServerResponse } from 'node:http';
import type { AppHandler, AppRequest } from './app-server.js';

/** One operation: method, templated path such as `/plants/{plantId}`, handler. */
export interface Route {
  method: string;
  path: string;
  handle(request: AppRequest, response: ServerResponse, params: Record<string, string>): void | Promise<void>;
}

/** Where a request lands: a route with its path parameters, a known path with other methods, or nowhere. */
export type RouteMatch = { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined;

/** Match `method` and the raw `path` against `routes`; literal segments beat templates (OAS 3.1 section 4.8.8.2). */
function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const segments = decodeSegments(path);
  if (!segments) return undefined;
  const candidates = routes
    .map((route) => ({ route, params: matchTemplate(route.path, segments) }))
    .filter((entry): entry is { route: Route; params: Record<string, string> } => entry.params !== undefined)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  if (candidates.length === 0) return undefined;
  const wanted = method === 'HEAD' ? 'GET' : method;
  const hit = candidates.find((entry) => entry.route.method === wanted);
  if (hit) return hit;
  return { allowed: [...new Set(candidates.map((entry) => entry.route.method))] };
}

function decodeSegments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function matchTemplate(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/').slice(1);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    const variable = /^\{(.+)\}$/.exec(part)?.[1];
    if (variable !== undefined) {
      if (segment === '') return undefined;
      params[variable] = segment;
    } else if (part !== segment) return undefined;
  }
  return params;
}

/** How an app answers requests no route takes: an unknown path (404), or a known path with another method (405). */
export interface RouteMisses {
  notFound(request: AppRequest, response: ServerResponse): void;
  notAllowed(request: AppRequest, response: ServerResponse, allowed: string[]): void;
}

/** A handler serving `routes` under `basePath` (the spec's server path or Swagger basePath; '' for none). */
export function serveRoutes(routes: readonly Route[], basePath: string, misses: RouteMisses): AppHandler {
  return (request, response) => {
    // Outside the base path nothing is routed; '' never matches a template.
    const path =
      basePath === ''
        ? request.path
        : request.path.startsWith(`${basePath}/`)
          ? request.path.slice(basePath.length)
          : '';
    const match = matchRoute(routes, request.method, path);
    if (!match) return misses.notFound(request, response);
    if ('allowed' in match) return misses.notAllowed(request, response, match.allowed);
    return match.route.handle(request, response, match.params);
  };
}
