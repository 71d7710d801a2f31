/**
 * Which characters generated strings may hold, by where they travel: a
 * header or cookie value is sent as written, so its strings stay within
 * what both carry unchanged; a body or a percent-encoded query or path
 * value may hold any character. Format and pattern generators draw their
 * own characters: {@link withinCharset} brings theirs into the set.
 */
import { type Gen, mapped } from './fast-check.js';

/**
 * Which characters a string may hold. `any`: every character class of
 * strings.ts. `header`: RFC 6265 cookie-octets without `%` (visible ASCII
 * but `"`, `,`, `;`, `\\`), which travel unchanged in a header field (RFC
 * 9110 section 5.5) and in a Cookie header, so what the server reads is
 * what was checked. `ascii`: printable ASCII and whitespace, for `format:
 * binary` strings, which are sent as bytes one character each (Latin-1) and
 * so must stay below U+0080.
 */
export type Charset = 'any' | 'header' | 'ascii';

/** The characters of the `header` charset. */
export const HEADER_SAFE = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&'()*+-./:<=>?@[]^_\`{|}~`;

/** True when every character of `text` belongs to `charset`. */
export function inCharset(text: string, charset: Charset): boolean {
  if (charset === 'any') return true;
  if (charset === 'header') return [...text].every((character) => HEADER_SAFE.includes(character));
  return /^[\x20-\x7e\t\n\r]*$/.test(text);
}

/** Characters tried in place of one outside the set: a letter, a digit, then punctuation patterns often allow. */
const STAND_INS = ['a', '0', 'A', '-', '_', '.'];

/**
 * `gen`'s strings with the characters outside `charset` replaced by one
 * stand-in that keeps `keep` true (a pattern's match): `^.{3}$` drawing
 * `虎\nx` gives `aax`. A string no stand-in fixes is left as drawn, and
 * the request it would go into is refused before sending ("cannot
 * generate"), never sent as valid. Strings already in the set are their own
 * image, so shrinking works as before.
 */
export function withinCharset(gen: Gen<string>, charset: Charset, keep: (text: string) => boolean): Gen<string> {
  if (charset === 'any') return gen;
  return mapped(
    gen,
    (text) => {
      if (inCharset(text, charset)) return text;
      for (const standIn of STAND_INS) {
        const replaced = [...text].map((character) => (inCharset(character, charset) ? character : standIn)).join('');
        if (keep(replaced)) return replaced;
      }
      return text;
    },
    (value) => {
      if (typeof value !== 'string') throw new Error('not a string');
      return value;
    },
  );
}
