/**
 * One change of the json format, as `JSON.stringify(change, null, 2)` writes
 * it inside the `changes` array (every line after the first indented by 4),
 * built from its fields directly: Stripe's report has 146,686 changes, and
 * the generic indenting (stringify with an indent, then a copy per
 * newline) was most of the cost of writing it. A record of any other shape
 * (a field more, another order, a non-finite number) gets no text here and
 * is written the generic way, so the output never changes.
 */
import type { Change, ChangeLocation } from '../types.js';

const CHANGE_KEYS = ['id', 'level', 'operation', 'pointer', 'side', 'message', 'location', 'headLocation'] as const;
const LOCATION_KEYS = ['file', 'pointer', 'line', 'column'] as const;

/** `change`'s text as a member of the changes array (after `\n    `), or undefined when its shape is not a plain Change. */
export function changeJson(change: unknown): string | undefined {
  if (!hasKeys(change, CHANGE_KEYS)) return undefined;
  const { id, level, operation, pointer, side, message, location, headLocation } = change as unknown as Change;
  const texts = [id, level, operation, pointer, side, message];
  for (const text of texts) if (typeof text !== 'string') return undefined;
  const at = locationJson(location);
  // A head-side change is located by one record for both (diff-specs.ts, toChange): the same text, written once.
  const headAt = headLocation === location ? at : locationJson(headLocation);
  if (at === undefined || headAt === undefined) return undefined;
  const q = JSON.stringify;
  return `{\n      "id": ${q(id)},\n      "level": ${q(level)},\n      "operation": ${q(operation)},\n      "pointer": ${q(pointer)},\n      "side": ${q(side)},\n      "message": ${q(message)},\n      "location": ${at},\n      "headLocation": ${headAt}\n    }`;
}

function locationJson(location: unknown): string | undefined {
  if (!hasKeys(location, LOCATION_KEYS)) return undefined;
  const { file, pointer, line, column } = location as unknown as ChangeLocation;
  if (typeof file !== 'string' || typeof pointer !== 'string' || !Number.isFinite(line) || !Number.isFinite(column))
    return undefined;
  // A finite number is written as its Number::toString (ECMA-262 SerializeJSONProperty), which a template also uses.
  return `{\n        "file": ${JSON.stringify(file)},\n        "pointer": ${JSON.stringify(pointer)},\n        "line": ${line},\n        "column": ${column}\n      }`;
}

/** A plain object whose own enumerable keys are exactly `keys`, in that order (the order JSON.stringify follows). */
function hasKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  if ('toJSON' in value) return false;
  let index = 0;
  for (const key in value) if (key !== keys[index++]) return false;
  return index === keys.length;
}
