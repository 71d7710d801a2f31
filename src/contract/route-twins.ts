/**
 * Operations a server cannot tell apart: the same method on paths that differ only in their template names
 * (`PUT /v2/{sinkName}` and `PUT /v2/{metricName}` in Google Logging's description as APIs.guru publishes it).
 * A request for one reaches whichever the server routes it to, so a verdict on one may be about the other
 * (a body invalid for the sink update is accepted by the metric update). The run says so once per route, in
 * the lines before its summary, beside the failures it may explain.
 */
import { routeShape } from '../core/spec/route-shape.js';
import type { Operation } from '../core/spec/types.js';

/** One note per route that several operations share; empty when every route is distinct. */
export function routeTwinNotes(operations: readonly Operation[]): string[] {
  const routes = new Map<string, Operation[]>();
  for (const operation of operations) {
    const key = `${operation.method} ${routeShape(operation.path)}`;
    const twins = routes.get(key);
    if (twins) twins.push(operation);
    else routes.set(key, [operation]);
  }
  return [...routes.values()]
    .filter((twins) => twins.length > 1)
    .map(
      (twins) =>
        `${twins.map((operation) => `${operation.method} ${operation.path} (${operation.id})`).join(', ')} are one route: ` +
        'only their template names differ (OAS 3.1.0 section 4.8.8.2), so a server cannot tell which operation a request ' +
        'means, and a verdict on one may be about the other; give them distinct paths (plantkit spec check reports ' +
        'path-templates-distinct)',
    );
}
