/**
 * Comparing what a client wrote with what a server returns, without crying
 * wolf: a server may add properties (readOnly ones, nested ones) and may
 * write a value in another valid form, so numbers compare by value (with
 * exact int64 text), date-times by the instant they denote (RFC 3339: `Z`
 * and `+00:00`, fractional zeros), objects over the members written, arrays
 * item by item. Ids compare as text (core/resources/id-text.ts).
 */
import { exactNumberText } from '../../core/json/exact-json.js';
import { isRecord, objectShape } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';

/** Whether `received[key]` holds what `sent[key]` wrote, read through `schema` (formats). */
function sameValue(sent: object, received: object, key: string | number, schema: SchemaObject | undefined): boolean {
  const a = (sent as Record<string | number, unknown>)[key];
  const b = (received as Record<string | number, unknown>)[key];
  if (typeof a === 'number' && typeof b === 'number') {
    const [exactA, exactB] = [exactNumberText(sent, key), exactNumberText(received, key)];
    return exactA === undefined && exactB === undefined ? a === b : (exactA ?? String(a)) === (exactB ?? String(b));
  }
  if (typeof a === 'string' && typeof b === 'string') return a === b || sameInstant(a, b, schema);
  if (Array.isArray(a) && Array.isArray(b)) {
    const items = isRecord(schema?.items) ? (schema.items as SchemaObject) : undefined;
    return a.length === b.length && a.every((_, index) => sameValue(a, b, index, items));
  }
  if (isRecord(a) && isRecord(b)) return writtenIn(a, b, schema);
  return a === b;
}

/** Whether every member of `written` is in `received` with the same value (a null member: absent or null). */
export function writtenIn(
  written: Record<string, unknown>,
  received: Record<string, unknown>,
  schema: SchemaObject | undefined,
): boolean {
  return differences(written, received, schema).length === 0;
}

/** Members of `written` that `received` lacks (`missing`) or holds with another value (`differs`). */
export function differences(
  written: Record<string, unknown>,
  received: Record<string, unknown>,
  schema: SchemaObject | undefined,
): Array<{ name: string; kind: 'missing' | 'differs' }> {
  const properties = objectShape(schema).properties;
  const found: Array<{ name: string; kind: 'missing' | 'differs' }> = [];
  for (const name of Object.keys(written)) {
    if (written[name] === null) {
      if (name in received && received[name] !== null) found.push({ name, kind: 'differs' });
    } else if (!(name in received)) {
      found.push({ name, kind: 'missing' });
    } else if (!sameValue(written, received, name, properties[name])) {
      found.push({ name, kind: 'differs' });
    }
  }
  return found;
}

/** Two date-time (or date) strings naming the same instant, when the schema says that is what they are. */
function sameInstant(a: string, b: string, schema: SchemaObject | undefined): boolean {
  if (schema?.format !== 'date-time' && schema?.format !== 'date') return false;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return Number.isFinite(x) && x === y;
}
