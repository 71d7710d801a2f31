/**
 * Where a location of the dereferenced document is written in the file.
 * swagger-parser inlines every local `$ref`, so validators and walkers see
 * `/paths/~1plants/post/requestBody/content/application~1json/schema/properties/id`
 * while a person edits `/components/schemas/NewPlant/properties/id`. Following
 * the same `$ref`s (OAS 3.1.0 section 4.8.23, RFC 6901 fragments) through the
 * raw document gives the second from the first.
 */
import { decodePointer, encodePointer } from '../json/json-pointer.js';

/** A pointer into the file, and whether every token of the asked pointer was found there. */
export interface SourcePointer {
  pointer: string;
  /** False when the path leaves the file (an external `$ref`) or does not exist; `pointer` is then the deepest node found. */
  exact: boolean;
}

/** Map `pointer` (into the dereferenced document) to the pointer of the node as written in `raw`. */
export function sourcePointer(raw: unknown, pointer: string): SourcePointer {
  let node = raw;
  let tokens: string[] = [];
  for (const token of decodePointer(pointer)) {
    // A `$ref` sibling (allowed in 3.1) is read where it is written; anything else is read at the target.
    const hasOwn = typeof node === 'object' && node !== null && token !== '$ref' && token in node;
    const followed = hasOwn ? ([node, tokens] as [unknown, string[]]) : followLocalRefs(raw, node, tokens);
    if (!followed) return { pointer: encodePointer(tokens), exact: false };
    [node, tokens] = followed;
    if (typeof node !== 'object' || node === null || !(token in node))
      return { pointer: encodePointer(tokens), exact: false };
    node = (node as Record<string, unknown>)[token];
    tokens = [...tokens, token];
  }
  return { pointer: encodePointer(tokens), exact: true };
}

/** Replace a Reference Object by its local target, repeatedly; undefined for external or broken refs. */
function followLocalRefs(raw: unknown, node: unknown, tokens: string[]): [unknown, string[]] | undefined {
  const seen = new Set<string>();
  let current = node;
  let at = tokens;
  while (isReference(current)) {
    const ref = current.$ref;
    if (!ref.startsWith('#') || seen.has(ref)) return undefined;
    seen.add(ref);
    at = decodePointer(ref);
    current = walk(raw, at);
    if (current === undefined) return undefined;
  }
  return [current, at];
}

function walk(root: unknown, tokens: string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function isReference(node: unknown): node is { $ref: string } {
  return typeof node === 'object' && node !== null && typeof (node as { $ref?: unknown }).$ref === 'string';
}
