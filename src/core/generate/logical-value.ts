/**
 * Generated values before they become JSON text. Generators produce plain
 * values with integers as bigint, so int64 bounds are exact and fast-check
 * shrinks them as numbers; number texts that are not integers but must be
 * written digit for digit (`9223372036854775807.5`) are {@link ExactText}.
 * `toJsonValue` turns such a value into plantkit's exact JSON (core/json/exact-json.ts).
 */
import { setExactNumber, stringifyJson } from '../json/exact-json.js';

/** A JSON number written exactly as `text` (never rounded through a double). */
export class ExactText {
  constructor(readonly text: string) {}
}

/** The exact text of a generated number (bigint or ExactText), else undefined. */
export function numberText(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof ExactText) return value.text;
  return undefined;
}

/**
 * The JSON value of a generated value: bigints and exact texts inside
 * objects and arrays become numbers whose text is recorded. A number at the
 * root has no container to record its text in: use {@link toJsonText}.
 */
export function toJsonValue(value: unknown): unknown {
  const text = numberText(value);
  if (text !== undefined) return Number(text);
  if (typeof value !== 'object' || value === null) return value;
  const out = (Array.isArray(value) ? [] : {}) as Record<string | number, unknown>;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (child === undefined) continue;
    const childText = numberText(child);
    // Safe integers need no recorded text; everything else keeps its digits.
    if (childText !== undefined && !(typeof child === 'bigint' && Number.isSafeInteger(Number(child))))
      setExactNumber(out, key, childText);
    else out[key] = toJsonValue(child);
  }
  return out;
}

/** JSON text of a generated value, int64 digits kept. */
export function toJsonText(value: unknown): string {
  return numberText(value) ?? stringifyJson(toJsonValue(value));
}
