/** Ids as text: the stateful phase compares them so, the stateful mock keys its store so. */
import { expect, test } from 'vitest';
import { parseJson } from '../../../src/core/json/exact-json.js';
import { idText } from '../../../src/core/resources/id-text.js';
import { idKey } from '../../../src/mock/stateful/store.js';

const json = (text: string) => (parseJson(text) as { ok: true; value: Record<string, unknown> }).value;

test('ids compare as text: a number by its exact digits, a string as is', () => {
  expect(idText(json('{"id":9007199254740993}'), 'id')).toBe('9007199254740993');
  expect(idText({ id: 'ab-1' }, 'id')).toBe('ab-1');
  expect(idText({ id: { nested: 1 } }, 'id')).toBeUndefined();
});

test.each<[string, { given: object; want: { text: string | undefined; key: string } }]>([
  ['a string as is', { given: { id: 'ab-1' }, want: { text: 'ab-1', key: 'ab-1' } }],
  ['a number as its text: 5 and "5" name the same item', { given: { id: 5 }, want: { text: '5', key: '5' } }],
  [
    'an int64 by its exact digits',
    { given: json('{"id":9007199254740993}'), want: { text: '9007199254740993', key: '9007199254740993' } },
  ],
  ['a number key into an array', { given: ['x', 7], want: { text: '7', key: '7' } }],
  [
    'no id text for a boolean; the store keys it by its JSON',
    { given: { id: true }, want: { text: undefined, key: 'true' } },
  ],
  ['nor for an object', { given: { id: { a: 1 } }, want: { text: undefined, key: '{"a":1}' } }],
])('%s', (_name, { given, want }) => {
  const field = Array.isArray(given) ? 1 : 'id';
  expect({ text: idText(given, field), key: idKey(given, field) }).toEqual(want);
});
