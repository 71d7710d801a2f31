/**
 * Alternatives matched once per comparison (matched-alternatives.ts): the
 * memo answers what matching afresh answers, per direction, and the same
 * array when a pair is met again; beyond its bound it matches afresh, with
 * the same result.
 */
import { describe, expect, it } from 'vitest';
import { createEffectiveSchemas } from '../../src/spec-diff/effective-schema.js';
import { createAlternativeMatcher, matchPair } from '../../src/spec-diff/matched-alternatives.js';

const document = {
  components: {
    schemas: {
      Cat: { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer' } } },
      Dog: { type: 'object', properties: { kind: { const: 'dog' }, bark: { type: 'string' } } },
      Bird: { type: 'object', properties: { kind: { const: 'bird' } } },
    },
  },
};
const { Cat, Dog, Bird } = document.components.schemas;

describe('matched alternatives', () => {
  const effective = createEffectiveSchemas(document, '3.1');
  const base = effective({ oneOf: [Cat, Dog] }, '/b');
  const head = effective({ oneOf: [Dog, Cat, Bird], type: 'object' }, '/h');

  it.each(['base', 'head'] as const)('covering %s: the same matches as matching afresh, kept', (covering) => {
    const match = createAlternativeMatcher();
    const first = match(base, head, covering);
    expect(first).toEqual(matchPair(base, head, covering));
    expect(first.map((found) => found.how)).toEqual(['same', 'same', 'added']);
    expect(match(base, head, covering)).toBe(first);
  });

  it('keeps each direction apart', () => {
    const match = createAlternativeMatcher();
    const [response, request] = [match(base, head, 'base'), match(base, head, 'head')];
    expect(request).not.toBe(response);
    expect(request).toEqual(matchPair(base, head, 'head'));
    expect(response).toEqual(matchPair(base, head, 'base'));
    expect(match(base, head, 'base')).toBe(response);
    expect(match(base, head, 'head')).toBe(request);
  });

  it('beyond its bound matches afresh, with the same result', () => {
    const match = createAlternativeMatcher(1);
    const kept = match(base, head, 'base');
    const other = effective({ anyOf: [Cat] }, '/o');
    const fresh = match(other, head, 'base');
    expect(match(other, head, 'base')).not.toBe(fresh);
    expect(match(other, head, 'base')).toEqual(fresh);
    expect(match(base, head, 'base')).toBe(kept);
  });
});
