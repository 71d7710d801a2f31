/**
 * One change of the json format, as `JSON.stringify(change, null, 2)` writes
 * it inside the `changes` array (every line after the first indented by 4),
 * built from its fields directly: Stripe's report has 146,686 changes, and
 * the generic indenting (stringify with an indent, then a copy per
 * newline) was most of the cost of writing it. A record of any other shape
 * (a field more, another order, a non-finite number) gets no text here and
 * is written the generic way, so the output never changes.
 */
import type { MemberText } from '../../text/pretty-json.js';
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

/**
 * `changeJson` for one report, remembering the texts that its changes repeat:
 * Stripe's 146,686 changes name 309 operations, 2 sides and about 2,000
 * places, and only 1,039 distinct (rule, location, head location) triples.
 * A change's text is then five pieces: the cached head (id, level,
 * operation), its pointer, the side's text, its message, and the cached tail
 * (both locations); pointer and message are the only texts escaped per
 * change. The same bytes as `changeJson` (`test/spec-diff/formats/change-json.test.ts`).
 * Bound: at most `limit` remembered texts; past it a text is built afresh.
 */
export function createChangeJson(limit = 100_000): MemberText {
  const heads = new Map<string, Map<string, Map<string, string>>>();
  const places = new Map<string, Map<string, Place>>();
  const tails = new Map<string, Map<string, string>>();
  const sides = new Map<string, string>();
  let kept = 0;
  const keep = <T>(map: Map<string, T>, key: string, value: T): T => {
    if (kept < limit) {
      map.set(key, value);
      kept += 1;
    }
    return value;
  };
  const inner = <T>(map: Map<string, Map<string, T>>, key: string): Map<string, T> =>
    map.get(key) ?? keep(map, key, new Map<string, T>());

  /** The location's text, from the place remembered for its file and pointer when line and column agree. */
  const placeJson = (location: unknown): string | undefined => {
    if (!hasKeys(location, LOCATION_KEYS)) return undefined;
    const { file, pointer, line, column } = location as unknown as ChangeLocation;
    if (typeof file !== 'string' || typeof pointer !== 'string') return undefined;
    const byPointer = inner(places, file);
    const known = byPointer.get(pointer);
    if (known !== undefined && known.line === line && known.column === column) return known.text;
    const text = locationJson(location);
    if (text !== undefined && known === undefined) keep(byPointer, pointer, { line, column, text });
    return text;
  };

  return (change) => {
    if (!hasKeys(change, CHANGE_KEYS)) return undefined;
    const { id, level, operation, pointer, side, message, location, headLocation } = change as unknown as Change;
    if (typeof id !== 'string' || typeof level !== 'string' || typeof operation !== 'string') return undefined;
    if (typeof pointer !== 'string' || typeof side !== 'string' || typeof message !== 'string') return undefined;
    const at = placeJson(location);
    const headAt = headLocation === location ? at : placeJson(headLocation);
    if (at === undefined || headAt === undefined) return undefined;
    const q = JSON.stringify;
    const byOperation = inner(inner(heads, id), level);
    const head =
      byOperation.get(operation) ??
      keep(
        byOperation,
        operation,
        `{\n      "id": ${q(id)},\n      "level": ${q(level)},\n      "operation": ${q(operation)},\n      "pointer": `,
      );
    const middle = sides.get(side) ?? keep(sides, side, `,\n      "side": ${q(side)},\n      "message": `);
    const byHead = inner(tails, at);
    const tail =
      byHead.get(headAt) ?? keep(byHead, headAt, `,\n      "location": ${at},\n      "headLocation": ${headAt}\n    }`);
    return head + q(pointer) + middle + q(message) + tail;
  };
}

/** A location's text, remembered with the line and column it was written for. */
interface Place {
  line: number;
  column: number;
  text: string;
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
