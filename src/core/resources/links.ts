/**
 * OpenAPI links (OAS 4.8.20) as collection structure: a link from a create's
 * success response to another operation whose parameter takes
 * `$response.body#/<field>` says "this field identifies the item, and that
 * operation acts on it". Links override what paths suggest. Links on a read
 * response that pass `$request.path.<parameter>` (or the id field) on add
 * that read's siblings (update, delete).
 */
import { decodePointer } from '../json/json-pointer.js';
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

/** One parameter a link fills: the target operation's parameter and the runtime expression that gives its value. */
export interface LinkedParameter {
  /** The operation whose answer carries the link. */
  source: Operation;
  /** The response status the link is on (`201`). */
  status: string;
  target: Operation;
  /** Parameter name in the target (its location is found among the target's parameters). */
  parameter: string;
  /** `$response.body#/id`, `$response.header.Location`, `$request.path.id`, ... (OAS 4.8.20.4). */
  expression: string;
}

/** Every parameter that a link of a 2xx response fills with a runtime expression, over all operations. */
export function linkedParameters(operations: readonly Operation[]): LinkedParameter[] {
  const found: LinkedParameter[] = [];
  for (const source of operations) {
    for (const response of source.responses.filter((candidate) => /^2/.test(candidate.status))) {
      for (const link of response.links) {
        const target = linkTarget(link, operations);
        if (!target) continue;
        for (const [parameter, expression] of Object.entries(link.parameters)) {
          if (typeof expression === 'string' && expression.startsWith('$'))
            found.push({ source, status: response.status, target, parameter, expression });
        }
      }
    }
  }
  return found;
}
