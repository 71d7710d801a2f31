/**
 * URIs for `format: uri` and `url` (RFC 3986 section 3): `http` or `https`,
 * a DNS host name, and a path of segments made of `pchar`s (section 3.3:
 * unreserved characters, sub-delims, ':' and '@'), now and then any Unicode
 * character percent-encoded as UTF-8 (section 2.1). fast-check's webUrl
 * draws the same kind of URI, but building it makes fast-check index every
 * code point once for its whole process (82 MB on a contract run that
 * never gives it back); these generators shrink without such an index.
 */
import { arrayOf, constantFrom, type Gen, hostNames, integerBetween, mapped, oneOf, tupleOf } from './fast-check.js';

/** RFC 3986 section 3.3 `pchar` without `pct-encoded`: ALPHA, DIGIT, unreserved marks, sub-delims, ':' and '@'. */
const PCHAR = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@";
/** Longest segment and most segments drawn; short paths find the same bugs and read better in a report. */
const MAX_SEGMENT = 10;
const MAX_SEGMENTS = 4;
/** Unicode scalar values (surrogate halves are no characters): U+0000..U+D7FF, then U+E000..U+10FFFF. */
const SURROGATES = 0x800;
const LAST_SCALAR_INDEX = 0x10ffff - SURROGATES;

/** An absolute http(s) URI (RFC 3986 section 4.3); shrinks towards `http://a.aa` with an empty path. */
export function uriGen(): Gen<string> {
  return mapped(
    tupleOf<[string, string, string]>(constantFrom('http', 'https'), hostNames(), pathGen()),
    ([scheme, host, path]) => `${scheme}://${host}${path}`,
    (value) => {
      const parts = typeof value === 'string' ? /^(https?):\/\/([^/?#]+)(\/[^?#]*)?$/.exec(value) : null;
      if (!parts) throw new Error('not an http(s) URI without query or fragment');
      return [parts[1]!, parts[2]!, parts[3] ?? ''] as [string, string, string];
    },
  );
}

/** `path-abempty` (RFC 3986 section 3.3): '/'-led segments, possibly none. */
function pathGen(): Gen<string> {
  return mapped(
    arrayOf(segmentGen(), 0, MAX_SEGMENTS),
    (segments) => segments.map((segment) => `/${segment}`).join(''),
    (value) => {
      if (typeof value !== 'string' || (value !== '' && !value.startsWith('/'))) throw new Error('not a path');
      return value === '' ? [] : value.slice(1).split('/');
    },
  );
}

/** One segment: `pchar`s, one in eleven percent-encoded. */
function segmentGen(): Gen<string> {
  const plain = mapped(
    integerBetween(0, PCHAR.length - 1),
    (index) => PCHAR[index]!,
    (character) => {
      const index = typeof character === 'string' && character.length === 1 ? PCHAR.indexOf(character) : -1;
      if (index < 0) throw new Error('not a pchar');
      return index;
    },
  );
  const unit = oneOf<string>({ gen: plain, weight: 10 }, { gen: percentEncodedGen(), weight: 1 });
  return mapped(
    arrayOf(unit, 0, MAX_SEGMENT),
    (units) => units.join(''),
    (value) => {
      if (typeof value !== 'string') throw new Error('not a segment');
      return segmentUnits(value);
    },
  );
}

/** Any Unicode character as its UTF-8 bytes percent-encoded (`%C3%A9`), upper-case hex as section 2.1 asks. */
function percentEncodedGen(): Gen<string> {
  return mapped(
    integerBetween(0, LAST_SCALAR_INDEX),
    (index) => percentEncode(index < 0xd800 ? index : index + SURROGATES),
    (value) => {
      const point = typeof value === 'string' ? percentDecoded(value) : undefined;
      if (point === undefined) throw new Error('not one percent-encoded character');
      return point < 0xd800 ? point : point - SURROGATES;
    },
  );
}

function percentEncode(point: number): string {
  const character = String.fromCodePoint(point);
  const encoded = encodeURIComponent(character);
  // encodeURIComponent leaves unreserved marks as they are: spell their one byte out.
  return encoded === character ? `%${point.toString(16).toUpperCase().padStart(2, '0')}` : encoded;
}

/** The code point `text` percent-encodes, when it is exactly one character encoded as percentEncode does. */
function percentDecoded(text: string): number | undefined {
  if (!/^(?:%[0-9A-F]{2}){1,4}$/.test(text)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return undefined;
  }
  const point = decoded.codePointAt(0);
  if (point === undefined || String.fromCodePoint(point) !== decoded || percentEncode(point) !== text) return undefined;
  return point;
}

/** A segment split back into the units segmentGen joins: single pchars and percent-encoded characters. */
function segmentUnits(segment: string): string[] {
  const units: string[] = [];
  let index = 0;
  while (index < segment.length) {
    if (segment[index] !== '%') {
      if (!PCHAR.includes(segment[index]!)) throw new Error('not a pchar');
      units.push(segment[index]!);
      index += 1;
      continue;
    }
    // One character is one to four encoded bytes (RFC 3629 section 3).
    const length = [3, 6, 9, 12].find((size) => percentDecoded(segment.slice(index, index + size)) !== undefined);
    if (length === undefined) throw new Error('not a percent-encoded character');
    units.push(segment.slice(index, index + length));
    index += length;
  }
  return units;
}
