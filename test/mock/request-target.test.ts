import { expect, test } from 'vitest';
import { readRequestTarget } from '../../src/mock/request-target.js';

/** What the WHATWG URL parser makes of a target against the mock's base: the behaviour the fast path must keep. */
function parsed(target: string) {
  try {
    const url = new URL(target, 'http://mock.invalid');
    return { path: url.pathname, search: url.search.slice(1) };
  } catch {
    return undefined;
  }
}

test.each([
  ['a plain path', { given: '/plants', want: { path: '/plants', search: '' } }],
  ['a query', { given: '/plants?limit=5&tag=a', want: { path: '/plants', search: 'limit=5&tag=a' } }],
  ['an empty query', { given: '/plants?', want: { path: '/plants', search: '' } }],
  ['a second ? stays in the query', { given: '/a?x=1?y', want: { path: '/a', search: 'x=1?y' } }],
  [
    'percent-encoding kept as sent',
    { given: '/a%20b/%7Bx%7D?q=%zz', want: { path: '/a%20b/%7Bx%7D', search: 'q=%zz' } },
  ],
  ['dots inside a segment', { given: '/a/.b/..c', want: { path: '/a/.b/..c', search: '' } }],
  ['a dot segment is removed', { given: '/a/./b', want: { path: '/a/b', search: '' } }],
  ['a dot-dot segment is removed', { given: '/a/b/../c', want: { path: '/a/c', search: '' } }],
  ['an encoded dot-dot segment is removed', { given: '/a/%2E%2e/c', want: { path: '/c', search: '' } }],
  ['a trailing dot segment', { given: '/a/..?x=1', want: { path: '/', search: 'x=1' } }],
  ['a space is encoded', { given: '/a b?c d', want: { path: '/a%20b', search: 'c%20d' } }],
  ['non-ASCII is encoded', { given: '/é', want: { path: '/%C3%A9', search: '' } }],
  ["a query's apostrophe is encoded", { given: "/a?x='y'", want: { path: '/a', search: 'x=%27y%27' } }],
  ['the fragment is dropped', { given: '/a?x=1#top', want: { path: '/a', search: 'x=1' } }],
  ['a backslash is a slash', { given: '/a\\b', want: { path: '/a/b', search: '' } }],
  ['a network-path reference names a host', { given: '//evil.example/x', want: { path: '/x', search: '' } }],
  ['an asterisk-form target', { given: '*', want: { path: '/*', search: '' } }],
  ['absolute-form', { given: 'http://h.example/p?q', want: { path: '/p', search: 'q' } }],
  ['an unparseable target', { given: 'http://[bad', want: undefined }],
])('%s', (_name, { given, want }) => {
  expect(readRequestTarget(given)).toEqual(want);
  expect(readRequestTarget(given)).toEqual(parsed(given));
});

test('plain targets read without the parser agree with it, over many generated ones', () => {
  const alphabet = "aZ09-._~!$&()*+,;=:@%/?.2eE'# \\";
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  for (let index = 0; index < 20_000; index += 1) {
    let target = '/';
    for (let length = next() % 12; length > 0; length -= 1) target += alphabet[next() % alphabet.length];
    expect(readRequestTarget(target), target).toEqual(parsed(target));
  }
});
