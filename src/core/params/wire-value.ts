/**
 * Whether a parameter value reaches the server as it was checked once it is
 * serialised (encode.ts): a header value must be an RFC 9110 field value
 * with no surrounding whitespace, a cookie value RFC 6265 cookie-octets (one
 * that needs percent-encoding is read back differently by a server that does
 * not decode cookies), a query or path value percent-encodable (RFC 3986
 * section 2.5: well-formed UTF-16). The runner sends only values that pass.
 */
import { fieldValueProblem, percentEncodingProblem } from '../http/wire-text.js';
import type { OperationParameter } from '../spec/types.js';
import { encodeParameter } from './encode.js';

/** Why `value` of `parameter` would not reach the server as checked; undefined when it would. */
export function wireProblem(parameter: OperationParameter, value: unknown): string | undefined {
  const unencodable = firstString(value, percentEncodingProblem);
  if (unencodable) return unencodable;
  const encoded = encodeParameter(parameter, value);
  if (encoded.in === 'header') return fieldValueProblem(encoded.value);
  if (encoded.in === 'cookie' && encoded.cookies.some((cookie) => cookie.slice(cookie.indexOf('=') + 1).includes('%')))
    return 'a cookie value outside RFC 6265 cookie-octets (section 4.1.1) travels only percent-encoded, which servers read back differently';
  return undefined;
}

/** The first problem `check` finds in a string inside `value` (keys included). */
function firstString(value: unknown, check: (text: string) => string | undefined): string | undefined {
  if (typeof value === 'string') return check(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = firstString(item, check);
      if (problem) return problem;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = check(key) ?? firstString(item, check);
      if (problem) return problem;
    }
  }
  return undefined;
}
