/** The property pairs one walk reported (property-keys.ts): known by name, both records and the required flags. */
import { describe, expect, it } from 'vitest';
import { createPropertyKeys, type PropertyKey, requiredFlags } from '../../src/spec-diff/property-keys.js';
import { emptySchema } from '../../src/spec-diff/schema-record.js';

const [a, b] = [emptySchema('/a', ['string']), emptySchema('/b', ['string'])];
// A record equal to `a` in every field but not the same record: a different pair.
const twin = emptySchema('/a', ['string']);

describe('property keys', () => {
  const keys = createPropertyKeys();
  const reported: PropertyKey = { property: 'name', base: a, head: b, required: requiredFlags(true, false) };
  keys.set(reported, 7);

  it.each<[string, { given: Parameters<typeof keys.get>; want: number | undefined }]>([
    ['the pair as reported', { given: ['name', a, b, 1], want: 7 }],
    ['another property', { given: ['label', a, b, 1], want: undefined }],
    ['other required flags', { given: ['name', a, b, 3], want: undefined }],
    ['sides swapped', { given: ['name', b, a, 1], want: undefined }],
    ['an equal record that is not the same', { given: ['name', twin, b, 1], want: undefined }],
    ['a side missing', { given: ['name', undefined, b, 1], want: undefined }],
  ])('%s', (_, { given, want }) => {
    expect(keys.get(...given)).toBe(want);
  });

  it('knows a pair with a missing side, and a later entry replaces an earlier one', () => {
    keys.set({ property: 'gone', base: a, head: undefined, required: 0 }, 3);
    expect(keys.get('gone', a, undefined, 0)).toBe(3);
    keys.set({ property: 'gone', base: a, head: undefined, required: 0 }, 9);
    expect(keys.get('gone', a, undefined, 0)).toBe(9);
  });

  it.each([
    [false, false, 0],
    [true, false, 1],
    [false, true, 2],
    [true, true, 3],
  ])('required in base %s, in head %s: flags %i', (base, head, flags) => {
    expect(requiredFlags(base, head)).toBe(flags);
  });
});
