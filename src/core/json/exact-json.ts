/**
 * JSON text <-> values without losing integers.
 *
 * A JavaScript number cannot tell 9223372036854775807 from 9223372036854775808,
 * yet int64 bounds are exactly where servers break. Values stay plain JSON
 * (numbers are numbers, so Ajv and user code work unchanged), and the source
 * text of every number that a double may not hold exactly is kept on the side,
 * keyed by its container and key. Validation (the exact-integer keyword) and
 * serialisation read that text back.
 */
import { LosslessNumber, parse as parseLossless } from 'lossless-json';

type Key = string | number;

/** Number text per container: only numbers whose text a double may not reproduce. */
const exactTexts = new WeakMap<object, Map<Key, string>>();

/**
 * Whether this process has recorded any exact number text: until it has, a copy needs no look-up per
 * container (one WeakMap look-up per object made copying GitHub's description twice as slow).
 */
let anyExactText = false;

/**
 * A number token of 16 or more digits (an optional decimal point among them): a double may round it.
 * A JSON number value starts the text or follows `:`, `,` or `[` and whitespace (RFC 8259 sections 2-5),
 * so digit runs inside strings (ids, hashes, phone numbers in examples) keep the native parser: GitHub's
 * description has 18 such runs and no long number, and parsed natively in a fifth of the time. A string
 * that looks like one (`"a: 1234567890123456"`) only costs the exact parser, never a digit.
 */
const LONG_NUMBER = /(?:^|[:,[])\s*-?\d(?:\.?\d){15}/;

/** Result of {@link parseJson}: a value, or where and why the text is not JSON. */
export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Parse JSON text (RFC 8259), keeping the exact text of long numbers.
 * Fast path: texts without long digit runs go through the native parser.
 */
export function parseJson(text: string): JsonParseResult {
  if (!LONG_NUMBER.test(text)) {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (error) {
      return { ok: false, message: describeParseError(error, text) };
    }
  }
  try {
    const raw = parseLossless(text, null, (numberText) => new LosslessNumber(numberText));
    return { ok: true, value: adoptLosslessNumbers(raw) };
  } catch (error) {
    return { ok: false, message: describeParseError(error, text) };
  }
}

/** Record that `container[key]` holds the number written as `text` (kept exact on output). */
export function setExactNumber(container: object, key: Key, text: string): void {
  anyExactText = true;
  let texts = exactTexts.get(container);
  if (!texts) {
    texts = new Map();
    exactTexts.set(container, texts);
  }
  texts.set(key, text);
  setMember(container, key, Number(text));
}

/**
 * `container[key] = child`, where a key named `__proto__` (JSON.parse and lossless-json make one as an own
 * member) stays a member: the assignment would call Object.prototype's setter and make `child` the container's
 * prototype instead, so that a copy of `{"__proto__": {...}}` would lose the member and gain inherited fields.
 */
function setMember(container: object, key: Key, child: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(container, key, { value: child, writable: true, enumerable: true, configurable: true });
  } else (container as Record<Key, unknown>)[key] = child;
}

/** The exact source text of `container[key]`, when it was recorded. */
export function exactNumberText(container: unknown, key: Key | undefined): string | undefined {
  if (key === undefined || typeof container !== 'object' || container === null) return undefined;
  const text = exactTexts.get(container)?.get(key);
  // A later assignment of another number makes the recorded text stale.
  if (text === undefined || Number(text) !== (container as Record<Key, unknown>)[key]) return undefined;
  return text;
}

/**
 * The exact integer a JSON number text denotes (`1e3` and `10.0` included),
 * or undefined when the text denotes a non-integer such as `1.5`.
 */
export function exactInteger(text: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  let digits = whole + fraction;
  let exponent = Number(exponentText) - fraction.length;
  while (exponent < 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exponent += 1;
  }
  if (exponent < 0) return /^0*$/.test(digits) ? 0n : undefined;
  if (exponent > 4096) return undefined; // far beyond any integer format; refuse to allocate
  return BigInt(sign + digits) * 10n ** BigInt(exponent);
}

/** Serialise a JSON value; recorded numbers are written with their exact text. */
export function stringifyJson(value: unknown): string {
  // Most values hold no recorded number: the engine's serialiser writes them alike, several times faster.
  if (!holdsExactNumber(value)) return JSON.stringify(value) ?? 'null';
  return writeValue(value, undefined, undefined, false);
}

/** Whether any object or array within `value` has a recorded exact number text. */
function holdsExactNumber(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  // Only plain data takes the fast path: a Date or other object with toJSON is written as writeValue writes it.
  if (exactTexts.has(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return true;
  if (Array.isArray(value)) return value.some(holdsExactNumber);
  for (const key in value)
    if (Object.hasOwn(value, key) && holdsExactNumber((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * Canonical text of `container[key]`: keys sorted, exact number text kept.
 * Two values are the same JSON value when their canonical texts are equal.
 */
export function canonicalJson(container: object, key: Key): string {
  return writeValue((container as Record<Key, unknown>)[key], container, key, true);
}

/**
 * Deep copy of a JSON value that keeps the recorded exact number texts. It
 * copies a whole spec at every load (load-spec.ts), so it walks keys in
 * place and looks a container's recorded texts up once, not per key.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (!anyExactText) return plainCopy(value);
  const texts = exactTexts.get(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index += 1) copyEntry(value, copy, index, texts);
    return copy as T;
  }
  const copy: Record<Key, unknown> = {};
  for (const key of Object.keys(value)) copyEntry(value, copy, key, texts);
  return copy as T;
}

/**
 * The members of the JSON object `value` that `keep` accepts, copied with their recorded exact number
 * texts: `Object.fromEntries` or a spread would drop the texts of the top-level members (they are
 * recorded per container), and an int64 written exactly would then compare unequal to itself.
 */
export function pickMembers(
  value: Record<string, unknown>,
  keep: (name: string, child: unknown) => boolean,
): Record<string, unknown> {
  const texts = exactTexts.get(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (keep(key, value[key])) copyEntry(value, copy, key, texts);
  return copy;
}

/** `{ ...first, ...second }` for JSON objects, with the recorded exact number texts of both (see {@link pickMembers}). */
export function mergeMembers(first: Record<string, unknown>, second: Record<string, unknown>): Record<string, unknown> {
  const merged = pickMembers(first, () => true);
  const texts = exactTexts.get(second);
  for (const key of Object.keys(second)) {
    exactTexts.get(merged)?.delete(key);
    copyEntry(second, merged, key, texts);
  }
  return merged;
}

/** A deep copy of a JSON value when no exact number text exists anywhere (cloneJson). */
function plainCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index += 1) copy[index] = plainCopy(value[index]);
    return copy as T;
  }
  // A spread copies the members in one step and keeps the original's hidden class (V8); only the members that
  // are objects are then replaced by their copies. A process parsing and copying GitHub's 5.7 MB description so
  // took 6-8% less CPU (paired runs; issue 22). Unlike a key-by-key assignment it also keeps a member named
  // `__proto__` (JSON.parse makes one) as a member rather than making it the copy's prototype. It would copy
  // enumerable symbol members too; plantkit's own markers on spec objects are not enumerable (circular-refs.ts).
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in copy) {
    const child = copy[key];
    if (typeof child === 'object' && child !== null && Object.hasOwn(copy, key)) copy[key] = plainCopy(child);
  }
  return copy as T;
}

/** `copy[key]`: the recorded exact number (when still current, as {@link exactNumberText} checks) or a deep copy. */
function copyEntry(value: object, copy: object, key: Key, texts: Map<Key, string> | undefined): void {
  const child = (value as Record<Key, unknown>)[key];
  const text = texts?.get(key);
  if (text !== undefined && Number(text) === child) setExactNumber(copy, key, text);
  else setMember(copy, key, cloneJson(child));
}

function entries(value: object): Array<[Key, unknown]> {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

function writeValue(value: unknown, container: object | undefined, key: Key | undefined, sorted: boolean): string {
  if (typeof value === 'number') {
    const text = exactNumberText(container, key);
    if (text !== undefined) return text;
    return Number.isFinite(value) ? String(value) : 'null';
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    return `[${value.map((item, index) => writeValue(item, value, index, sorted)).join(',')}]`;
  }
  const members: string[] = [];
  const names = Object.keys(value);
  if (sorted) names.sort();
  for (const name of names) {
    const child = (value as Record<string, unknown>)[name];
    if (child === undefined || typeof child === 'function') continue;
    members.push(`${JSON.stringify(name)}:${writeValue(child, value, name, sorted)}`);
  }
  return `{${members.join(',')}}`;
}

/** Replace lossless-json's number wrappers by numbers, recording the texts. */
function adoptLosslessNumbers(value: unknown): unknown {
  if (value instanceof LosslessNumber) return Number(value.value);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<Key, unknown>;
  for (const [key, child] of entries(value)) {
    if (!(child instanceof LosslessNumber)) adoptLosslessNumbers(child);
    else if (LONG_NUMBER.test(child.value)) setExactNumber(record, key, child.value);
    else setMember(record, key, Number(child.value));
  }
  return value;
}

function describeParseError(error: unknown, text: string): string {
  if (text.trim() === '') return 'body is empty, expected a JSON value';
  const message = error instanceof Error ? error.message : String(error);
  return `body is not valid JSON: ${message}`;
}
