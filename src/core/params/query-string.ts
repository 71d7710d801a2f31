/**
 * Query strings as pairs of raw (still percent-encoded) names and values, so
 * that delimiters are split before decoding: in `ids=a%2Cb,c` the first
 * comma is data and the second a delimiter (RFC 3986 section 2.2). `+` is a
 * space, as in HTML form encoding, which is how clients write query strings.
 */

/** One `name=value` pair of a query string, both as written. */
export interface RawPair {
  name: string;
  value: string;
}

/** The pairs of a query string (without the `?`), in order. */
export function rawPairs(search: string): RawPair[] {
  if (search === '') return [];
  return search
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const index = part.indexOf('=');
      return index < 0
        ? { name: decodeQueryText(part), value: '' }
        : { name: decodeQueryText(part.slice(0, index)), value: part.slice(index + 1) };
    });
}

/** Percent-decode query text, `+` as space; malformed escapes are kept as written. */
export function decodeQueryText(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Split a raw value at `delimiter` (an unencoded character), decoding each part. */
export function splitRaw(value: string, delimiter: string): string[] {
  // spaceDelimited: the space is written %20 (or +), so split the decoded text instead.
  if (delimiter === ' ') return decodeQueryText(value).split(' ');
  return value.split(delimiter).map(decodeQueryText);
}
