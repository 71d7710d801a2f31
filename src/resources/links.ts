/**
 * OpenAPI links (OAS 4.8.20) as collection structure: a link from a create's
 * success response to another operation whose parameter takes
 * `$response.body#/<field>` says "this field identifies the item, and that
 * operation acts on it". Links override what paths suggest. Links on a read
 * response that pass `$request.path.<parameter>` (or the id field) on add
 * that read's siblings (update, delete).
 */
import { decodePointer } from '../spec/json-pointer.js';
import type { Operation, ResponseLink } from '../spec/types.js';

/** One operation a link says acts on the item, and the parameter that carries the id. */
export interface LinkedItemOperation {
  operation: Operation;
  parameter: string;
}

/** What the links of one response say: the id field (when a body expression names it) and the linked item operations. */
export interface LinkedItems {
  idField: string | undefined;
  targets: LinkedItemOperation[];
}

/** The item operations the links of `source`'s success response point to; `idParameter` reads `$request.path.<it>` as the id. */
export function linkedItems(
  source: Operation,
  status: number,
  operations: readonly Operation[],
  idParameter?: string,
): LinkedItems {
  const response = source.responses.find((candidate) => candidate.status === String(status));
  const result: LinkedItems = { idField: undefined, targets: [] };
  for (const link of response?.links ?? []) {
    const target = linkTarget(link, operations);
    if (!target || target === source) continue;
    for (const [parameter, expression] of Object.entries(link.parameters)) {
      const field = bodyField(expression);
      const fromPath = idParameter !== undefined && expression === `$request.path.${idParameter}`;
      if (field === undefined && !fromPath) continue;
      if (!target.parameters.some((candidate) => candidate.in === 'path' && candidate.name === parameter)) continue;
      result.idField ??= field;
      result.targets.push({ operation: target, parameter });
    }
  }
  return result;
}

/** The operation a link names by operationId or by an operationRef into this document (`#/paths/~1plants~1{id}/get`). */
function linkTarget(link: ResponseLink, operations: readonly Operation[]): Operation | undefined {
  if (link.operationId) return operations.find((operation) => operation.id === link.operationId);
  if (!link.operationRef?.startsWith('#/paths/')) return undefined;
  const [, path, method] = decodePointer(link.operationRef);
  return operations.find((operation) => operation.path === path && operation.method === method?.toUpperCase());
}

/** `field` from `$response.body#/field` (a top-level property; OAS 4.8.20.4 runtime expressions). */
function bodyField(expression: unknown): string | undefined {
  if (typeof expression !== 'string' || !expression.startsWith('$response.body#')) return undefined;
  const tokens = decodePointer(expression.slice('$response.body'.length));
  return tokens.length === 1 ? tokens[0] : undefined;
}
