/**
 * An item's id as text, the one form in which the stateful mock keys its
 * store and the stateful phase compares ids: `5` and `"5"` name the same
 * item, and an int64 id keeps its exact digits (core/json/exact-json.ts).
 */
import { canonicalJson } from '../json/exact-json.js';

/** The id at `container[key]` as text: a string as is, a number as its exact JSON text; undefined for anything else. */
export function idText(container: unknown, key: string | number): string | undefined {
  if (typeof container !== 'object' || container === null) return undefined;
  const value = (container as Record<string | number, unknown>)[key];
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? canonicalJson(container, key) : undefined;
}
