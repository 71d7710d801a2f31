/**
 * Circular references survive dereferencing as local `$ref` objects (Ajv
 * needs them that way: it cannot compile cyclic objects). Walkers that build
 * values from schemas (sampling, object shapes) follow them through a
 * non-enumerable link set here, invisible to Ajv and to JSON output.
 */
import { valueAt } from '../json/json-pointer.js';
import type { SchemaObject } from './types.js';

const TARGET = Symbol('plantkit.refTarget');

/** Link every local `$ref` left in `document` to the schema it points at. */
export function linkCircularRefs(document: Record<string, unknown>): void {
  const seen = new WeakSet<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const record = node as Record<string | symbol, unknown>;
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#')) {
      const target = valueAt(document, record.$ref);
      if (typeof target === 'object' && target !== null) linkRef(record, target);
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(document);
}

/** Link one `$ref` left in a dereferenced document to the object it points at (local-dereference.ts knows both). */
export function linkRef(ref: object, target: object): void {
  Object.defineProperty(ref, TARGET, { value: target, enumerable: false });
}

/** The schema itself, or the target of its circular `$ref` (one hop; callers bound their depth). */
export function resolveSchema(schema: SchemaObject | undefined): SchemaObject | undefined {
  return ((schema as Record<symbol, unknown> | undefined)?.[TARGET] as SchemaObject | undefined) ?? schema;
}
