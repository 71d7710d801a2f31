/** The properties present in a body, with their schemas: where negative cases cut and swap. */
import { setExactNumber } from '../../core/json/exact-json.js';
import { decodePointer, joinPointer } from '../../core/json/json-pointer.js';
import { objectShape } from '../../core/schema/object-shape.js';
import { resolveSchema } from '../../core/spec/circular-refs.js';
import type { SchemaObject } from '../../core/spec/types.js';

/** One property found in a body. */
export interface BodyProperty {
  /** JSON pointer of the property's value in the body. */
  pointer: string;
  schema: SchemaObject;
  /** The property is required by its object schema. */
  required: boolean;
}

/** Every declared property present in `value` (objects and first array items, depth-limited). */
export function bodyProperties(
  value: unknown,
  schema: SchemaObject | undefined,
  pointer = '',
  depth = 0,
): BodyProperty[] {
  if (!schema || depth > 6 || typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) {
    const items = resolveSchema(schema.items as SchemaObject | undefined);
    return value.length > 0 ? bodyProperties(value[0], items, joinPointer(pointer, 0), depth + 1) : [];
  }
  const shape = objectShape(schema);
  const found: BodyProperty[] = [];
  for (const [name, propertySchema] of Object.entries(shape.properties)) {
    if (!(name in value)) continue;
    const childPointer = joinPointer(pointer, name);
    found.push({ pointer: childPointer, schema: propertySchema, required: shape.required.includes(name) });
    found.push(...bodyProperties((value as Record<string, unknown>)[name], propertySchema, childPointer, depth + 1));
  }
  return found;
}

/** Remove (replacement undefined) or replace the value at `pointer` in place. */
export function setAt(root: unknown, pointer: string, replacement: unknown): void {
  const tokens = decodePointer(pointer);
  const last = tokens.pop();
  let parent = root as Record<string, unknown>;
  for (const token of tokens) parent = parent[token] as Record<string, unknown>;
  if (last === undefined || typeof parent !== 'object' || parent === null) return;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (typeof replacement === 'bigint') {
    setExactNumber(parent, Array.isArray(parent) ? Number(last) : last, replacement.toString());
  } else {
    parent[last] = replacement;
  }
}
