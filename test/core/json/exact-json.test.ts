import { describe, expect, test } from 'vitest';
import {
  canonicalJson,
  cloneJson,
  exactInteger,
  exactNumberText,
  mergeMembers,
  parseJson,
  pickMembers,
  setExactNumber,
  stringifyJson,
} from '../../../src/core/json/exact-json.js';

describe('parseJson keeps the exact text of long numbers', () => {
  const cases: Array<[string, { text: string; key: string; exact: string | undefined }]> = [
    ['int64 max', { text: '{"id":9223372036854775807}', key: 'id', exact: '9223372036854775807' }],
    ['int64 max + 1', { text: '{"id":9223372036854775808}', key: 'id', exact: '9223372036854775808' }],
    ['int64 min', { text: '{"id":-9223372036854775808}', key: 'id', exact: '-9223372036854775808' }],
    ['17 significant digits', { text: '{"x":1.0000000000000001}', key: 'x', exact: '1.0000000000000001' }],
    ['short numbers need no side record', { text: '{"id":42}', key: 'id', exact: undefined }],
    ['after whitespace', { text: '{"id": \n\t9223372036854775807}', key: 'id', exact: '9223372036854775807' }],
    [
      'a long digit run inside a string is text',
      { text: '{"sha":"12345678901234567890"}', key: 'sha', exact: undefined },
    ],
    [
      'a string that looks like a long number beside one',
      { text: '{"note":"a: 12345678901234567","id":9223372036854775807}', key: 'id', exact: '9223372036854775807' },
    ],
  ];
  test.each(cases)('%s', (_name, { text, key, exact }) => {
    const parsed = parseJson(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(exactNumberText(parsed.value, key)).toBe(exact);
    expect(stringifyJson(parsed.value)).toBe(text.replace(/: \n\t/, ':'));
  });

  test('distinguishes values a double cannot', () => {
    const a = parseJson('{"id":9223372036854775807}');
    const b = parseJson('{"id":9223372036854775808}');
    expect(a.ok && b.ok && (a.value as { id: number }).id === (b.value as { id: number }).id).toBe(true); // same double
    expect(a.ok && b.ok && exactNumberText(a.value, 'id') !== exactNumberText(b.value, 'id')).toBe(true); // different text
  });

  test.each(['[1,9223372036854775807]', '[9223372036854775807]', '[-1.0000000000000001]'])(
    'keeps long numbers inside arrays: %s',
    (text) => {
      const parsed = parseJson(text);
      expect(parsed.ok && stringifyJson(parsed.value)).toBe(text);
    },
  );

  test('__proto__ stays an own property, not a prototype', () => {
    for (const text of ['{"__proto__":{"polluted":1}}', '{"__proto__":{"polluted":1},"id":9223372036854775807}']) {
      const parsed = parseJson(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
      expect(Object.keys(parsed.value as object)).toContain('__proto__');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  test('a copy keeps __proto__ a member, and a number under it a number', () => {
    const parsed = parseJson('{"__proto__":{"polluted":1},"id":9223372036854775807,"n":{"__proto__":5}}');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const value of [parsed.value, cloneJson(parsed.value)] as Array<Record<string, unknown>>) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 1 });
      expect(value.polluted).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(value.n, '__proto__')?.value).toBe(5);
      expect(stringifyJson(value)).toBe('{"__proto__":{"polluted":1},"id":9223372036854775807,"n":{"__proto__":5}}');
    }
  });
});

describe('parseJson reports what is wrong', () => {
  test.each([
    ['empty', '', /body is empty/],
    ['whitespace', '   ', /body is empty/],
    ['truncated', '{"id":1', /not valid JSON/],
    ['truncated long number', '{"id":9223372036854775807', /not valid JSON/],
    ['single quotes', "{'id':1}", /not valid JSON/],
  ])('%s', (_name, text, message) => {
    const parsed = parseJson(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe('exactInteger', () => {
  test.each([
    ['9223372036854775807', 9223372036854775807n],
    ['-12', -12n],
    ['1e3', 1000n],
    ['10.0', 10n],
    ['1.50e1', 15n],
    ['0.0', 0n],
    ['1.5', undefined],
    ['1e-1', undefined],
    ['1.0000000000000001', undefined],
    ['abc', undefined],
  ])('%s -> %s', (text, want) => {
    expect(exactInteger(text)).toBe(want);
  });
});

describe('writing exact numbers', () => {
  test('setExactNumber, cloneJson and canonicalJson keep the digits', () => {
    const body: Record<string, unknown> = { name: 'x' };
    setExactNumber(body, 'id', '9223372036854775807');
    const copy = cloneJson(body);
    expect(stringifyJson(copy)).toBe('{"name":"x","id":9223372036854775807}');
    const reordered: Record<string, unknown> = {};
    setExactNumber(reordered, 'id', '9223372036854775807');
    reordered.name = 'x';
    expect(canonicalJson({ v: copy }, 'v')).toBe(canonicalJson({ v: reordered }, 'v'));
  });

  test('a reassigned number drops its stale exact text', () => {
    const body: Record<string, unknown> = {};
    setExactNumber(body, 'id', '9223372036854775807');
    body.id = 5;
    expect(stringifyJson(body)).toBe('{"id":5}');
  });
});

describe('pickMembers and mergeMembers keep the exact texts of top-level members', () => {
  const parsed = (text: string) => (parseJson(text) as { ok: true; value: Record<string, unknown> }).value;

  test('a picked member keeps its digits; a left-out one is gone', () => {
    const picked = pickMembers(parsed('{"a":9007199254740993,"b":1,"c":2}'), (name) => name !== 'c');
    expect(stringifyJson(picked)).toBe('{"a":9007199254740993,"b":1}');
  });

  test("a merge keeps both sides' digits; the second side's plain number replaces the first's exact one", () => {
    const second = parsed('{"c":-5671071757729726600}');
    // 2^53 is the double nearest to 9007199254740993 and has no text of its own: a stale text would write the first's digits.
    second.b = 2 ** 53;
    const merged = mergeMembers(parsed('{"a":9007199254740993,"b":9007199254740993}'), second);
    expect(stringifyJson(merged)).toBe('{"a":9007199254740993,"b":9007199254740992,"c":-5671071757729726600}');
  });
});
