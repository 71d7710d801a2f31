/** Random strings and edge strings: lengths in code points, the character classes, shrinkable edges. */
import { describe, expect, it } from 'vitest';
import { canShrink, sampleValues } from '../../src/generate/fast-check.js';
import { STRING_EDGES, stringEdges, stringGen } from '../../src/generate/strings.js';

const length = (text: string) => [...text].length;

describe('stringGen', () => {
  it.each([
    ['no limits', {}, 0, 400],
    ['minLength and maxLength', { minLength: 2, maxLength: 5 }, 2, 5],
    ['maxLength 64', { maxLength: 64 }, 0, 64],
    ['minLength 300', { minLength: 300 }, 300, 400],
  ])('%s: lengths in code points stay within the limits', (_name, schema, min, max) => {
    for (const text of sampleValues(stringGen(schema), 9, 400)) {
      expect(length(text)).toBeGreaterThanOrEqual(min);
      expect(length(text)).toBeLessThanOrEqual(max);
    }
  });

  it('mixes ASCII, accents, CJK, right-to-left, combining marks, astral characters and whitespace, and long strings', () => {
    const all = sampleValues(stringGen({}), 4, 1000);
    const text = all.join('');
    const has = (pattern: RegExp) => pattern.test(text);
    expect(has(/[a-z]/)).toBe(true);
    expect(has(/[\u00e0-\u017f]/)).toBe(true);
    expect(has(/[\u4e00-\u9fff]/)).toBe(true);
    expect(has(/[\u05d0-\u05ea\u0621-\u064a]/)).toBe(true);
    expect(has(/[\u0300-\u036f]/)).toBe(true);
    expect(has(/[\u{10000}-\u{10ffff}]/u)).toBe(true);
    expect(has(/[\t\n\u3000]/)).toBe(true);
    expect(all.some((value) => length(value) >= 200)).toBe(true);
    expect(all.some((value) => value === '')).toBe(true);
    // No lone surrogate, no control character other than tab, LF and CR.
    expect(/\p{Cs}/u.test(text)).toBe(false);
    expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)).toBe(false);
  });

  it.each(['shape-only', 'full'] as const)('%s generator can shrink every edge string it did not generate', (mode) => {
    const gen = stringGen({}, mode === 'shape-only');
    for (const edge of STRING_EDGES) expect(canShrink(gen, edge.value), edge.name).toBe(true);
  });
});

describe('stringEdges', () => {
  it('adds the exact length limits and drops nothing itself (the caller validates)', () => {
    const names = stringEdges({ minLength: 2, maxLength: 10 }, () => 'x').map((edge) => edge.name);
    expect(names).toContain('min-length');
    expect(names).toContain('max-length');
    expect(names).toContain('long-ascii');
  });

  it('uses the enum values, or a sample for formats and patterns', () => {
    expect(stringEdges({ enum: ['a', 'b'] }, () => 'x').map((edge) => edge.value)).toEqual(['a', 'b']);
    expect(stringEdges({ format: 'uuid' }, () => 'sampled').map((edge) => edge.value)).toEqual(['sampled']);
  });
});
