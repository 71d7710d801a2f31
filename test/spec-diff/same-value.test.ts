import { describe, expect, it } from 'vitest';
import { sameValue, valuesMissing } from '../../src/spec-diff/same-value.js';

/** The pairwise reading valuesMissing replaces: every value of `values` that sameValue finds nowhere in `known`. */
const pairwise = (known: unknown[], values: unknown[]) =>
  values.filter((value) => !known.some((other) => sameValue(other, value)));

const cases: Array<[string, { known: unknown[]; values: unknown[]; want: unknown[] }]> = [
  ['nothing missing', { known: ['a', 'b'], values: ['b', 'a'], want: [] }],
  ['values missing, in order', { known: ['a'], values: ['c', 'a', 'b'], want: ['c', 'b'] }],
  ['1 and "1" differ', { known: [1], values: ['1', 1], want: ['1'] }],
  [
    'null and objects by JSON text',
    { known: [null, { a: [1] }], values: [{ a: [1] }, null, { a: [2] }], want: [{ a: [2] }] },
  ],
  ['duplicates kept', { known: [], values: ['x', 'x'], want: ['x', 'x'] }],
];

describe('valuesMissing', () => {
  it.each(cases)('%s', (_name, { known, values, want }) => {
    expect(valuesMissing(known, values)).toEqual(want);
    expect(valuesMissing(known, values)).toEqual(pairwise(known, values));
  });

  it('answers the same for the same lists met again (the memo)', () => {
    const known = ['a'];
    const values = ['a', 'b'];
    const first = valuesMissing(known, values);
    expect(valuesMissing(known, values)).toBe(first);
    expect(valuesMissing(known, ['a'])).toEqual([]);
  });
});
