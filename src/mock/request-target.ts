/**
 * The path and query of a request target (RFC 9112 section 3.2), as the
 * WHATWG URL parser reads it against the mock's base. Most targets are
 * plain origin-form (`/plants?limit=5`): characters the parser leaves
 * unchanged and no dot segments, whose path and query are the text before
 * and after the first `?`. Those skip the parser, which costs several
 * microseconds per request; every other target goes through it.
 */

/** Path and query (without `?`) of a target; undefined when it is no valid path. */
export interface RequestTarget {
  path: string;
  search: string;
}

/**
 * Origin-form with only characters the URL parser keeps as written: no
 * `//` start (a network-path reference), no backslash, fragment, space,
 * quote, `<`, `>`, backtick, braces, `'` (percent-encoded in a special
 * scheme's query) or non-ASCII.
 */
const PLAIN_TARGET = /^\/(?!\/)[A-Za-z0-9\-._~!$&()*+,;=:@%/]*(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*)?$/;
/** `.` and `..` segments, also percent-encoded, which the parser removes (WHATWG URL, path state). */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** Split a request target as `new URL(target, base)` would, without the parser for plain targets. */
export function readRequestTarget(target: string): RequestTarget | undefined {
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) {
    const mark = target.indexOf('?');
    return mark === -1 ? { path: target, search: '' } : { path: target.slice(0, mark), search: target.slice(mark + 1) };
  }
  let url: URL;
  try {
    url = new URL(target, 'http://mock.invalid');
  } catch {
    return undefined;
  }
  return { path: url.pathname, search: url.search.slice(1) };
}
