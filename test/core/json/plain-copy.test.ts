// cloneJson before any exact number text exists in the process (its plain copy): a file of its own, because
// exact-json.test.ts records texts, after which every copy takes the path that looks them up.
import { describe, expect, test } from 'vitest';
import { cloneJson } from '../../../src/core/json/exact-json.js';

/** Every object and array inside `value`, in document order. */
function containers(value: unknown, found: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value);
  for (const child of Object.values(value)) containers(child, found);
  return found;
}

describe('cloneJson copies plain JSON deeply', () => {
  const cases: Array<[string, { given: unknown }]> = [
    ['a scalar', { given: 'text' }],
    ['null', { given: null }],
    ['nested objects and arrays', { given: { a: [1, { b: [true, null, 'x'] }], c: { d: { e: 2.5 } }, f: [] } }],
    ['an array at the top', { given: [{ a: 1 }, [2, [3]], 'four'] }],
    ['integer-like and ordinary keys', { given: { 2: 'two', b: 'b', 1: 'one', a: { 10: [] } } }],
    ['a member that is undefined', { given: { a: undefined, b: { c: undefined } } }],
    [
      'an object shared by two members',
      {
        given: (() => {
          const shared = { s: 1 };
          return { x: shared, y: [shared] };
        })(),
      },
    ],
    [
      'a spec-sized object (dictionary mode)',
      { given: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`/p${i}`, { get: { i } }])) },
    ],
  ];
  test.each(cases)('%s', (_, { given }) => {
    const copy = cloneJson(given);
    expect(copy).toStrictEqual(given);
    expect(Object.keys(copy ?? {})).toEqual(Object.keys(given ?? {}));
    // No object or array of the copy is one of the original's: changing the copy leaves the original alone.
    const originals = new Set(containers(given));
    for (const container of containers(copy)) expect(originals.has(container)).toBe(false);
  });

  test('a member named __proto__ (JSON.parse makes one) stays a member and leaves the prototype alone', () => {
    const given = JSON.parse('{"properties":{"__proto__":{"type":"string"},"name":{"type":"string"}}}');
    const copy = cloneJson(given) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.keys(copy.properties)).toEqual(['__proto__', 'name']);
    expect(Object.getOwnPropertyDescriptor(copy.properties, '__proto__')?.value).toEqual({ type: 'string' });
  });
});
