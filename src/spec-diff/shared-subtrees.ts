/**
 * Effective-schema subtrees shared between the roots of one side of a diff.
 * Each root (a body, parameter or header schema) is built with its own memo
 * (effective-schema.ts), so a node's pointer names the path on which that
 * root first met it. A subtree entered through a circular `$ref` has the
 * `$ref`'s absolute pointer, and if its build met no node built before it
 * (its own cycles only) and cut nothing at the depth limit, building it again
 * from another root gives the same nodes, pointers included, as long as that
 * root has met none of its Schema Objects yet and is not deeper than the
 * limit allows. Then the nodes are adopted instead of built: Stripe's
 * expandable objects (`customer`, `charge`: "an id or the object") are one
 * graph under every response, built once per side instead of once per root.
 */

/** A Schema Object and the node built from it. */
export interface BuiltNode<T> {
  raw: object;
  node: T;
}

/** A subtree kept for reuse: its nodes in build order (its root first) and how deep below its root the build went. */
export interface SharedSubtree<T> {
  nodes: readonly BuiltNode<T>[];
  /** Deepest build call below the subtree's root (0: the root alone). */
  span: number;
}

/**
 * At most this many node slots are kept (per side of a diff). Beyond it a
 * subtree is built again under every root, as without sharing: the result
 * is the same. Stripe 1.3.17 keeps about 40,000.
 */
const SHARED_NODE_LIMIT = 400_000;

/** Subtrees smaller than this are built again: adopting them saves less than the bookkeeping costs. */
const MIN_SHARED_NODES = 8;

/** Nodes of kept subtrees: where a schema walk may find a sub-walk worth sharing (sub-walks.ts). */
const sharedNodes = new WeakSet<object>();

function isComponent(node: unknown): boolean {
  return typeof node === 'object' && node !== null && (node as { component?: unknown }).component !== undefined;
}

/** Is `node` (a named component schema) in a kept subtree (the same object under every root that adopted it)? */
export function isShared(node: object): boolean {
  return sharedNodes.has(node);
}

/** The subtrees of one side: by `$ref` target Schema Object and its pointer. */
export interface SharedSubtrees<T> {
  get(raw: object, pointer: string): SharedSubtree<T> | undefined;
  /** Keep `nodes` (not copied: the caller never changes them) if it is big enough and the bound allows. */
  offer(raw: object, pointer: string, nodes: readonly BuiltNode<T>[], span: number): void;
}

/** An empty set of shared subtrees holding at most `limit` node slots. */
export function createSharedSubtrees<T>(limit = SHARED_NODE_LIMIT): SharedSubtrees<T> {
  const entries = new Map<object, Map<string, SharedSubtree<T>>>();
  let kept = 0;
  return {
    get: (raw, pointer) => entries.get(raw)?.get(pointer),
    offer: (raw, pointer, nodes, span) => {
      if (nodes.length < MIN_SHARED_NODES || kept + nodes.length > limit) return;
      let byPointer = entries.get(raw);
      if (!byPointer) entries.set(raw, (byPointer = new Map()));
      if (byPointer.has(pointer)) return;
      byPointer.set(pointer, { nodes, span });
      // Walks look for sub-walks at named component schemas only (schema-pairs.ts): only those are marked.
      for (const built of nodes) if (isComponent(built.node)) sharedNodes.add(built.node as object);
      kept += nodes.length;
    },
  };
}
