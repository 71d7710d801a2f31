/** What travels on the wire unchanged: undici's own rules (RFC 9110 section 5.5), cookie-octets (RFC 6265), UTF-8. */
import { describe, expect, test } from 'vitest';
import {
  fieldValueProblem,
  isCookieOctets,
  percentEncodingProblem,
  unsendableRequest,
} from '../../../src/core/http/wire-text.js';

describe('header field values', () => {
  test.each([
    ['visible ASCII', 'abc-123 !#$%&*+.^_`|~', undefined],
    ['inner spaces and tabs', 'a b\tc', undefined],
    ['obs-text (Latin-1)', 'café', undefined],
    ['empty', '', undefined],
    ['a line feed', 'a\nb', /^U\+000A is not a field-value character/],
    ['a carriage return', 'a\rb', /^U\+000D is not/],
    ['NUL', 'a\0', /^U\+0000 is not/],
    ['DEL', 'a\x7f', /^U\+007F is not/],
    ['beyond Latin-1', 'Ω', /^'Ω' \(U\+03A9\) is not/],
    ['an astral character', '🌵', /^'🌵' \(U\+1F335\) is not/],
    ['leading whitespace', ' a', /no leading or trailing whitespace/],
    ['trailing tab', 'a\t', /no leading or trailing whitespace/],
  ])('%s', (_name, value, want) => {
    const problem = fieldValueProblem(value);
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(want);
  });
});

describe('cookie-octets (RFC 6265 section 4.1.1)', () => {
  test.each([
    ['visible ASCII but the four', "abc!#$%&'()*+-./:<=>?@[]^_`{|}~", true],
    ['a double quote', 'a"b', false],
    ['a comma', 'a,b', false],
    ['a semicolon', 'a;b', false],
    ['a backslash', 'a\\b', false],
    ['a space', 'a b', false],
    ['non-ASCII', 'é', false],
  ])('%s', (_name, value, want) => {
    expect(isCookieOctets(value)).toBe(want);
  });
});

describe('percent-encoding needs well-formed UTF-16', () => {
  test.each([
    ['astral pairs', '🌵🪴', undefined],
    ['a lone high surrogate', 'a\ud800', /^U\+D800 is a lone surrogate/],
    ['a lone low surrogate', '\udc00b', /^U\+DC00 is a lone surrogate/],
  ])('%s', (_name, value, want) => {
    const problem = percentEncodingProblem(value);
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(want);
  });
});

describe('what undici refuses to send', () => {
  test.each([
    ['a plain request', '/plants?q=a%20b', { 'x-a': 'b' }, undefined],
    ['a space in the target', '/pl ants', {}, /^the request target would carry U\+0020/],
    ['a character beyond Latin-1 in the target', '/虎', {}, /^the request target would carry '虎'/],
    ['a header name with a space', '/', { 'x a': 'b' }, /^header name 'x a' is not a token/],
    ['a line break in a value', '/', { 'x-a': 'b\r\nx-injected: 1' }, /^header x-a would carry U\+000D/],
    // Sent as it is: the server reads it trimmed, which value generation avoids, but undici does not refuse it.
    ['trailing whitespace', '/', { 'x-a': 'b ' }, undefined],
  ])('%s', (_name, target, headers, want) => {
    const problem = unsendableRequest(target, headers);
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(want);
  });
});
