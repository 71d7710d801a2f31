/**
 * Strings: random ones drawn from weighted character classes (ASCII, spaces,
 * accents, combining marks, Greek and Cyrillic, right-to-left scripts, CJK,
 * emoji and other astral characters), short ones favoured and long ones
 * (hundreds of characters) mixed in; and a fixed list of edge strings for
 * the boundary phase. Lengths follow JSON Schema: code points, not UTF-16
 * units (2020-12 validation section 6.3.1).
 */

import type { SchemaObject } from '../spec/types.js';
import { patternRegExp } from '../validation/pattern.js';
import { characters } from './characters.js';
import { type Charset, inCharset, withinCharset } from './charsets.js';
import { arrayOf, type Gen, integerBetween, mapped, matching, oneOf, tupleOf } from './fast-check.js';
import { FORMAT_GENS } from './formats.js';

/** Which characters a string may hold (charsets.ts). */
export type { Charset } from './charsets.js';

/** A named edge value of the boundary phase. */
export interface Edge<T = unknown> {
  /** Kebab-case, used in case ids: `cjk`, `int64-max`. */
  name: string;
  value: T;
}

/** Where unused character slots start when a string is read back for shrinking: the first character class. */
const FILLER = 0x61;

/** How {@link charactersGen} draws and shrinks. */
export interface CharactersOptions {
  /** Spread lengths over the whole range instead of favouring short ones. */
  wide?: boolean;
  /** The first shrinking pass: lengths shrink, characters stay (see below). */
  shapeOnly?: boolean;
  charset?: Charset;
}

/**
 * A string of `min` to `max` code points from the character classes.
 * By default an array of characters: shrinking removes characters anywhere
 * and simplifies each one, at several requests per character. `shapeOnly`
 * (the first shrinking pass, which also generates every random value): a
 * length plus PERIOD unshrinkable character slots, the string being the
 * slots repeated up to the length, so shrinking a 256-character failure is
 * a binary search over its length of a dozen requests, and drawing a
 * string costs at most PERIOD characters whatever its length (see
 * {@link repeatingGen}). Beyond SLOTS characters the full form repeats too.
 */
export function charactersGen(min: number, max: number, options: CharactersOptions = {}): Gen<string> {
  const { wide = false, shapeOnly = false, charset = 'any' } = options;
  if (shapeOnly) return repeatingGen(min, max, wide, characters().fixed[charset], Math.min(max, PERIOD));
  if (max > SLOTS) return repeatingGen(min, max, wide, characters().free[charset], SLOTS);
  return mapped(
    arrayOf(characters().free[charset], min, max, wide),
    (points) => String.fromCodePoint(...points),
    (text) => codePoints(text, max),
  );
}

/**
 * Strings as a length and `period` character slots, the string being the
 * slots repeated up to the length. Lengths shrink first, by halving towards
 * `min` (fast-check's integer shrinking), then, where the slots shrink, their
 * characters; a character is never removed from the middle. A string it did
 * not generate can be shrunk when it repeats with that period (every string
 * up to `period` characters, `a` 65,536 times). Drawing, copying and
 * shrinking one value per character instead is what once took minutes and
 * 1.4 GB for a `maxLength: 65535` property.
 */
function repeatingGen(min: number, max: number, wide: boolean, item: Gen<number>, period: number): Gen<string> {
  return mapped(
    tupleOf<[number, number[]]>(lengthGen(min, max, wide), arrayOf(item, period, period)),
    ([count, points]) => repeatTo(points, count),
    (text) => {
      const points = codePoints(text, max);
      if (points.length < min) throw new Error('too short');
      const slots = [...points.slice(0, period), ...Array<number>(Math.max(0, period - points.length)).fill(FILLER)];
      if (points.some((point, index) => point !== slots[index % period]))
        throw new Error('does not repeat with the period');
      return [points.length, slots] as [number, number[]];
    },
  );
}

/** A length in [min, max]; unless `wide`, short lengths are favoured. */
function lengthGen(min: number, max: number, wide: boolean): Gen<number> {
  return wide
    ? integerBetween(min, max)
    : oneOf<number>(
        { gen: integerBetween(min, Math.min(max, min + 4)), weight: 1 },
        { gen: integerBetween(min, max), weight: 1 },
      );
}

/** The first `count` code points of `points` repeated. */
function repeatTo(points: readonly number[], count: number): string {
  if (points.length === 0) return '';
  const period = String.fromCodePoint(...points);
  const whole = Math.floor(count / points.length);
  return period.repeat(whole) + String.fromCodePoint(...points.slice(0, count - whole * points.length));
}

/** Most character slots of the full (character-shrinking) form; longer strings repeat them. */
const SLOTS = 512;

/** Characters drawn for a random string: longer ones repeat them (a 400-character string is 64 drawn characters, repeated). */
const PERIOD = 64;

/** Longest string a length edge or a too-long value may have: a `maxLength: 65535` is not worth a 64 KiB request (as for the static cases). */
export const MAX_EDGE_LENGTH = 4096;

function codePoints(text: unknown, max: number): number[] {
  if (typeof text !== 'string') throw new Error('not a string');
  const points = [...text].map((character) => character.codePointAt(0)!);
  if (points.length > max) throw new Error('too long');
  return points;
}

/** Length bounds of a string schema, in code points. */
export function stringLimits(schema: SchemaObject): { min: number; max: number } {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return { min, max };
}

/** Longest random string when the schema sets no maxLength: "hundreds of characters". */
const LONG = 400;

/** Random valid strings for `schema` (format and pattern honoured where fast-check can), from `charset`. */
export function stringGen(schema: SchemaObject, shapeOnly = false, charset: Charset = 'any'): Gen<string> {
  // Format and pattern generators draw their own characters: a header's are brought into its charset.
  const format = typeof schema.format === 'string' ? formatGen(schema.format) : undefined;
  if (format) return withinCharset(format, charset, () => true);
  const source = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const pattern = source === undefined ? undefined : patternGen(source);
  if (pattern) return withinCharset(pattern, charset, (text) => patternRegExp(source!)?.test(text) ?? true);
  const options = { shapeOnly, charset: charset === 'any' && isBinary(schema) ? 'ascii' : charset } as const;
  const { min, max } = stringLimits(schema);
  const shortMax = Math.min(max, min + 16);
  const longMax = Math.min(max, Math.max(min, LONG));
  if (longMax <= shortMax) return charactersGen(min, shortMax, options);
  // The long alternative spreads lengths over the whole range (so it can also
  // shrink any edge string up to LONG characters it did not generate itself).
  return oneOf<string>(
    { gen: charactersGen(min, shortMax, options), weight: 4 },
    { gen: charactersGen(min, longMax, { ...options, wide: true }), weight: 1 },
  );
}

/**
 * Generators are immutable, and building fast-check's URL or regular
 * expression ones is costly (a spec of 1,000 operations has thousands of
 * `format: uri` properties): one per format and per pattern, shared.
 */
const FORMATS = new Map<string, Gen<string>>();
const PATTERNS = new Map<string, Gen<string> | undefined>();

function formatGen(format: string): Gen<string> | undefined {
  if (!FORMAT_GENS[format]) return undefined;
  if (!FORMATS.has(format)) FORMATS.set(format, FORMAT_GENS[format]());
  return FORMATS.get(format);
}

/**
 * Strings matching `source`. A pattern JavaScript cannot compile, or one
 * fast-check cannot generate from (lookarounds, backreferences), gives
 * undefined: plain strings then, discarded if the validator disagrees.
 */
export function patternGen(source: string): Gen<string> | undefined {
  if (!PATTERNS.has(source)) {
    const pattern = patternRegExp(source);
    let gen: Gen<string> | undefined;
    try {
      gen = pattern && matching(pattern);
    } catch {
      gen = undefined;
    }
    PATTERNS.set(source, gen);
  }
  return PATTERNS.get(source);
}

/** Strings that stand for bytes (OAS 3.0 `format: binary`, 3.1 `contentMediaType`): sent one byte per character. */
function isBinary(schema: SchemaObject): boolean {
  return schema.format === 'binary' || typeof schema.contentMediaType === 'string';
}

/** Edge strings, each sent in the boundary phase; the caller drops those the schema refuses. */
export const STRING_EDGES: readonly Edge<string>[] = [
  { name: 'empty', value: '' },
  { name: 'single-ascii', value: 'a' },
  { name: 'whitespace-only', value: ' \t\n' },
  { name: 'padded', value: '  plantkit  ' },
  { name: 'json-specials', value: 'quote " backslash \\ slash / <tag> & \'' },
  { name: 'accents', value: 'Sansevière élégante' },
  { name: 'combining-marks', value: 'Cafe\u0301 a\u0308\u0301' },
  { name: 'cjk', value: '虎の尾' },
  { name: 'emoji-astral', value: '🌵🪴' },
  { name: 'emoji-zwj-sequence', value: '👩‍🌾' },
  { name: 'right-to-left', value: 'שלום عليكم' },
  { name: 'long-ascii', value: 'a'.repeat(256) },
  { name: 'long-astral', value: '🌵'.repeat(128) },
];

/**
 * Edge strings for `schema`: the fixed list, the exact length limits, enum
 * values or a format sample; only those of `charset` (a header cannot carry
 * a line break). A maxLength above MAX_EDGE_LENGTH gets no max-length edge.
 */
export function stringEdges(schema: SchemaObject, sample: () => unknown, charset: Charset = 'any'): Edge<string>[] {
  if (Array.isArray(schema.enum))
    return schema.enum
      .filter((value) => typeof value === 'string')
      .map((value, index) => ({ name: `enum-${index}`, value }));
  if ((typeof schema.format === 'string' && FORMAT_GENS[schema.format]) || typeof schema.pattern === 'string') {
    const value = sample();
    return typeof value === 'string' ? [{ name: 'sample', value }] : [];
  }
  const { min, max } = stringLimits(schema);
  const allowed = isBinary(schema) && charset === 'any' ? 'ascii' : charset;
  const edges = STRING_EDGES.filter((edge) => inCharset(edge.value, allowed));
  if (min > 0) edges.push({ name: 'min-length', value: 'a'.repeat(min) });
  if (Number.isFinite(max) && max > 0 && max <= MAX_EDGE_LENGTH)
    edges.push({ name: 'max-length', value: 'a'.repeat(max) });
  return edges;
}
