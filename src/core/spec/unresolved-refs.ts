/**
 * `$ref`s that do not resolve, isolated to the operations that reach them
 * (issue 10, "Bad input": the mock serves the rest of the spec). With
 * `continueOnError`, json-schema-ref-parser leaves `null` where a `$ref`
 * failed and reports each failure with its path. Here each null becomes an
 * empty schema (so nothing downstream meets a null where a schema belongs),
 * and every operation whose tree holds one of those places is named with the
 * reason; those operations are not served.
 */
import { encodePointer } from '../json/json-pointer.js';
import type { Operation, UnservableOperation } from './types.js';

/** One `$ref` that did not resolve: where the Reference Object was, and why. */
export interface UnresolvedRef {
  pointer: string;
  message: string;
}

/** The failures of a `continueOnError` dereference, or undefined when `error` is something else. */
export function unresolvedRefsOf(error: unknown): Array<UnresolvedRef & { path: Array<string | number> }> | undefined {
  const group = (error as { errors?: Array<{ path?: Array<string | number>; message?: string; name?: string }> })
    .errors;
  if (!Array.isArray(group) || group.length === 0) return undefined;
  // Only missing targets are isolated; an unreadable file or a parse error is a fault of the whole spec.
  if (
    !group.every(
      (item) => Array.isArray(item.path) && /\$ref|resolve|pointer/i.test(`${item.name ?? ''} ${item.message ?? ''}`),
    )
  )
    return undefined;
  return group.map((item) => ({
    path: item.path ?? [],
    pointer: encodePointer(item.path ?? []),
    message: `$ref does not resolve: ${(item.message ?? 'unknown reason').replace(/^Missing \$ref pointer /, '').split('\n')[0]}`,
  }));
}

/** Where failed `$ref`s left their null, each with its failure (see {@link unservableOperations}). */
export type UnresolvedHolders = ReadonlyMap<object, UnresolvedRef>;

/** Put an empty schema where each failed `$ref` left null in `document`, so nothing downstream meets a null where a schema belongs. */
export function fillUnresolved(
  document: Record<string, unknown>,
  failures: ReadonlyArray<UnresolvedRef & { path: Array<string | number> }>,
): UnresolvedHolders {
  const holders = new Map<object, UnresolvedRef>();
  for (const failure of failures) {
    const parent = failure.path
      .slice(0, -1)
      .reduce<unknown>(
        (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[String(key)] : undefined),
        document,
      );
    const key = failure.path[failure.path.length - 1];
    if (!parent || typeof parent !== 'object' || key === undefined) continue;
    const record = parent as Record<string, unknown>;
    if (record[String(key)] === null) record[String(key)] = {};
    holders.set(parent, failure);
  }
  return holders;
}

/** The operations whose tree reaches a place a failed `$ref` left (directly or through a shared component), each with the reason. */
export function unservableOperations(
  document: Record<string, unknown>,
  holders: UnresolvedHolders,
  operations: readonly Operation[],
): UnservableOperation[] {
  const unservable: UnservableOperation[] = [];
  for (const operation of operations) {
    const node = operationNode(document, operation);
    const found = node === undefined ? undefined : reach(node, holders);
    if (found)
      unservable.push({
        route: `${operation.method} ${operation.path}`,
        reason: `${found.message} (at ${found.pointer})`,
        cause: 'unresolved-ref',
      });
  }
  return unservable;
}

/** The operation object (with its path item's parameters, which it inherits) as written in the dereferenced document. */
function operationNode(document: Record<string, unknown>, operation: Operation): unknown[] | undefined {
  const paths = document.paths as Record<string, Record<string, unknown>> | undefined;
  const item = paths?.[operation.path];
  if (!item) return undefined;
  return [item[operation.method.toLowerCase()], item.parameters];
}

/** The first failure whose holder `root` reaches (each object visited once: shared and circular schemas are walked once). */
function reach(root: unknown, holders: UnresolvedHolders): UnresolvedRef | undefined {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const found = holders.get(node);
    if (found) return found;
    for (const value of Object.values(node)) if (value && typeof value === 'object') stack.push(value);
  }
  return undefined;
}
