/**
 * The character generators random strings draw from (strings.ts): weighted
 * classes per charset (ASCII, spaces, accents, combining marks, Greek and
 * Cyrillic, right-to-left scripts, CJK, emoji and other astral characters),
 * each a code point that shrinks towards its class's first character. Built
 * on first use, so importing the generators loads no fast-check (issue 22).
 */
import { type Charset, HEADER_SAFE } from './charsets.js';
import { type Gen, integerBetween, mapped, oneOf, unshrinkable } from './fast-check.js';

const ASCII_ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ASCII_PUNCTUATION = ` -_.,'!?()&/:;@#+*="\\<>[]{}%$^|~\``;
const WHITESPACE = [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000'];

/** A code point from a contiguous range; shrinks towards the range's first character. */
const range = (first: number, last: number): Gen<number> => integerBetween(first, last);

/** A code point from a list; shrinks towards the list's first character. */
function listed(characters: string): Gen<number> {
  const points = [...characters].map((character) => character.codePointAt(0)!);
  return mapped(
    integerBetween(0, points.length - 1),
    (index) => points[index]!,
    (point) => {
      const index = points.indexOf(point as number);
      if (index < 0) throw new Error('not in the list');
      return index;
    },
  );
}

/**
 * Any Unicode scalar value from U+00A1 on (surrogate halves are not
 * characters). Control characters are left out: invisible in a report, and
 * rarely what a bug is about; tab, LF and CR come from the whitespace class.
 */
const anyScalar = (): Gen<number> =>
  mapped(
    integerBetween(0xa1, 0x10ffff - 0x800),
    (point) => (point >= 0xd800 ? point + 0x800 : point),
    (point) => {
      const value = point as number;
      if (value < 0xa1 || (value >= 0xd800 && value <= 0xdfff)) throw new Error('not generated');
      return value >= 0xe000 ? value - 0x800 : value;
    },
  );

/** Character classes and their weights: most strings of two or more characters leave ASCII. */
function characterClasses(): Record<Charset, Gen<number>> {
  return {
    any: oneOf<number>(
      { gen: listed(ASCII_ALNUM), weight: 6 },
      { gen: listed(ASCII_PUNCTUATION), weight: 1 },
      { gen: listed(WHITESPACE.join('')), weight: 1 },
      { gen: range(0xe0, 0x17f), weight: 2 }, // accented Latin: à ... ſ
      { gen: range(0x300, 0x36f), weight: 1 }, // combining diacritical marks
      { gen: range(0x391, 0x44f), weight: 1 }, // Greek and Cyrillic
      { gen: range(0x5d0, 0x5ea), weight: 1 }, // Hebrew (right-to-left)
      { gen: range(0x621, 0x64a), weight: 1 }, // Arabic (right-to-left)
      { gen: range(0x4e00, 0x9fff), weight: 1 }, // CJK unified ideographs
      { gen: range(0x1f300, 0x1f64f), weight: 1 }, // emoji (astral: two UTF-16 units)
      { gen: range(0x1d400, 0x1d7ff), weight: 1 }, // mathematical alphanumerics (astral)
      { gen: anyScalar(), weight: 1 },
    ),
    header: listed(HEADER_SAFE),
    ascii: oneOf<number>(
      { gen: listed(ASCII_ALNUM), weight: 6 },
      { gen: listed(ASCII_PUNCTUATION), weight: 1 },
      { gen: listed(' \t\n\r'), weight: 1 },
    ),
  };
}

let characterGens: { free: Record<Charset, Gen<number>>; fixed: Record<Charset, Gen<number>> } | undefined;

/** The character generators, built on first use (so importing the generators loads no fast-check: issue 22). */
export function characters(): { free: Record<Charset, Gen<number>>; fixed: Record<Charset, Gen<number>> } {
  if (!characterGens) {
    const free = characterClasses();
    characterGens = {
      free,
      fixed: { any: unshrinkable(free.any), header: unshrinkable(free.header), ascii: unshrinkable(free.ascii) },
    };
  }
  return characterGens;
}
