/**
 * What a request can carry on the wire as written, so the runner never hands
 * the HTTP client a value it refuses (undici throws UND_ERR_INVALID_ARG before
 * any byte is sent) nor one the server reads differently from what was
 * checked. The character rules are undici 7's, which are Node's: a header
 * value may hold HTAB, SP to `~` and obs-text (0x80-0xff), RFC 9110 section
 * 5.5 field-vchar, SP and HTAB (undici `lib/core/util.js` `headerCharRegex`,
 * "lifted from" Node's `lib/_http_common.js`); a header name is an RFC 9110
 * section 5.1 token (`tokenRegExp` there); a request target may hold
 * 0x21-0xff (undici `lib/core/request.js` `invalidPathRegex`). Beyond what
 * undici checks, a field value has no leading or trailing whitespace (RFC
 * 9110 section 5.5): servers strip it, so a value that has some arrives changed.
 */

/** A character undici refuses in a header value (see above). */
const NOT_FIELD_VALUE = /[^\t\x20-\x7e\x80-\xff]/u;

/** RFC 9110 section 5.6.2 token: a field name (see above). */
const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;

/** A character undici refuses in a request target (see above). */
const NOT_REQUEST_TARGET = /[^\x21-\xff]/u;

/** Whitespace a server strips from a field value (RFC 9110 section 5.5, OWS). */
const TRIMMED = /^[\t ]|[\t ]$/;

/** RFC 6265 section 4.1.1 cookie-octet: visible US-ASCII but `"`, `,`, `;` and `\`. */
const COOKIE_OCTETS = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

/** A UTF-16 surrogate not part of a pair: no UTF-8 form, so no percent-encoding (RFC 3986 section 2.5). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why `value` cannot travel as a header field value and arrive unchanged; undefined when it can. */
export function fieldValueProblem(value: string): string | undefined {
  const bad = NOT_FIELD_VALUE.exec(value);
  if (bad) return `${describeCharacter(bad[0])} is not a field-value character (RFC 9110 section 5.5)`;
  if (TRIMMED.test(value))
    return 'a field value has no leading or trailing whitespace (RFC 9110 section 5.5): the server would read it trimmed';
  return undefined;
}

/** True when every character of `value` is an RFC 6265 cookie-octet: a cookie value that needs no encoding. */
export function isCookieOctets(value: string): boolean {
  return COOKIE_OCTETS.test(value);
}

/** Why `value` cannot be percent-encoded (query, path, encoded cookies); undefined when it can. */
export function percentEncodingProblem(value: string): string | undefined {
  const bad = LONE_SURROGATE.exec(value);
  return bad
    ? `${describeCharacter(bad[0])} is a lone surrogate, which has no UTF-8 form to percent-encode`
    : undefined;
}

/**
 * Why undici would refuse a request with this target and these headers,
 * undefined when it sends it: the runner reports such a request as one it
 * cannot send, never as a transport failure of the server.
 */
export function unsendableRequest(target: string, headers: Readonly<Record<string, string>>): string | undefined {
  const badTarget = NOT_REQUEST_TARGET.exec(target);
  if (badTarget)
    return `the request target would carry ${describeCharacter(badTarget[0])}, which HTTP sends only encoded`;
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) return `header name '${name}' is not a token (RFC 9110 section 5.1)`;
    const bad = NOT_FIELD_VALUE.exec(value);
    if (bad)
      return `header ${name} would carry ${describeCharacter(bad[0])}, not a field-value character (RFC 9110 section 5.5)`;
  }
  return undefined;
}

/** `'é' (U+00E9)`, or `U+000A` alone for a character that does not show. */
function describeCharacter(character: string): string {
  const point = character.codePointAt(0)!;
  const code = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
  const visible = point > 0x20 && point !== 0x7f && !(point >= 0x80 && point < 0xa0) && !LONE_SURROGATE.test(character);
  return visible ? `'${character}' (${code})` : code;
}
