/** URIs for `format: uri`: absolute http(s) URIs Ajv accepts, that shrink without fast-check's code-point index. */
import { describe, expect, it } from 'vitest';
import { canShrink, sampleValues } from '../../../src/core/generate/fast-check.js';
import { uriGen } from '../../../src/core/generate/uri.js';
import { createSchemaCompiler } from '../../../src/core/validation/ajv.js';

describe('uriGen', () => {
  it('draws absolute http(s) URIs with paths, percent-encoded characters among them, all valid `format: uri`', () => {
    const valid = createSchemaCompiler().compile({ type: 'string', format: 'uri' });
    const values = sampleValues(uriGen(), 3, 2000);
    for (const value of values) {
      expect(valid(value), value).toBe(true);
      expect(new URL(value).protocol).toMatch(/^https?:$/);
    }
    expect(values.some((value) => value.startsWith('http://'))).toBe(true);
    expect(values.some((value) => value.startsWith('https://'))).toBe(true);
    expect(values.some((value) => /^https?:\/\/[^/]+\/.+\/.+/.test(value))).toBe(true);
    // Multi-byte UTF-8 (RFC 3986 section 2.1) as well as single bytes.
    expect(values.some((value) => /(%[0-9A-F]{2}){2,}/.test(value))).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(1900);
  });

  it('can shrink every value it generated, from the value alone (boundary examples are given that way)', () => {
    const gen = uriGen();
    for (const value of sampleValues(gen, 5, 500)) expect(canShrink(gen, value), value).toBe(true);
  });

  it.each([
    ['a bare host', { given: 'https://example.com', want: true }],
    [
      'a path with a percent-encoded é and an astral character',
      { given: 'http://a.io/caf%C3%A9/%F0%9F%8C%B5', want: true },
    ],
    ['sub-delims, colon and at sign', { given: "https://a.io/!$&'()*/+,;=:@", want: true }],
    ['another scheme', { given: 'ftp://example.com/a', want: false }],
    ['a query', { given: 'https://example.com/a?b=1', want: false }],
    ['lower-case hex (not the form it draws)', { given: 'https://example.com/%c3%a9', want: false }],
    ['a truncated UTF-8 sequence', { given: 'https://example.com/%C3', want: false }],
    ['a raw space', { given: 'https://example.com/a b', want: false }],
    ['not a string', { given: 42, want: false }],
  ])('%s: shrinkable without its generation context: %j', (_name, { given, want }) => {
    expect(canShrink(uriGen(), given)).toBe(want);
  });

  it('costs no code-point index: building and shrinking it keeps the heap small', () => {
    const before = process.memoryUsage().heapUsed;
    const gen = uriGen();
    for (const value of sampleValues(gen, 11, 50)) canShrink(gen, value);
    // fast-check's webUrl grew the heap by about 82 MB here (a Map over every Unicode code point).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(30 * 1024 * 1024);
  });
});
