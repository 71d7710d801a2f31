/**
 * Matching request paths to operations (OAS 4.8.8: concrete paths match
 * before templated ones). Unknown paths get 404; known paths with another
 * method get 405 with an Allow header (RFC 9110 section 15.5.6).
 */
import type { Operation } from '../spec/types.js';

/** The outcome of routing one request. */
export type RouteResult =
  | { kind: 'found'; operation: Operation; pathParameters: Record<string, string> }
  | { kind: 'no-path' }
  | { kind: 'no-method'; allow: string[] };

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  operations: Map<string, Operation>;
}

/** A router over the operations of one spec. */
export function createRouter(operations: readonly Operation[]): (method: string, path: string) => RouteResult {
  const byTemplate = new Map<string, Route>();
  for (const operation of operations) {
    let route = byTemplate.get(operation.path);
    if (!route) {
      const names: string[] = [];
      const source = operation.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '([^/]+)';
        })
        .join('');
      route = { template: operation.path, pattern: new RegExp(`^${source}$`), names, operations: new Map() };
      byTemplate.set(operation.path, route);
    }
    route.operations.set(operation.method, operation);
  }
  // Concrete paths first, then templates with fewer parameters.
  const routes = [...byTemplate.values()].sort((a, b) => a.names.length - b.names.length);

  return (method, path) => {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const operation = route.operations.get(method.toUpperCase());
      if (!operation) return { kind: 'no-method', allow: [...route.operations.keys()] };
      const pathParameters = Object.fromEntries(route.names.map((name, index) => [name, safeDecode(match[index + 1] ?? '')]));
      return { kind: 'found', operation, pathParameters };
    }
    return { kind: 'no-path' };
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
