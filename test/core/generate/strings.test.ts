/** Random strings and edge strings: lengths in code points, the character classes, shrinkable edges. */
import { describe, expect, it } from 'vitest';
import { type Attempt, hunt } from '../../../src/contract/property/hunt.js';
import type { CaseResult, ContractCase } from '../../../src/core/exchange/types.js';
import { canShrink, sampleValues } from '../../../src/core/generate/fast-check.js';
import { charactersGen, STRING_EDGES, stringEdges, stringGen } from '../../../src/core/generate/strings.js';

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

describe('long strings (maxLength 65535 and the like)', () => {
  const HEADER_SAFE = /^[A-Za-z0-9!#$&'()*+\-./:<=>?@[\]^_`{|}~]*$/;

  it.each([
    ['too long for maxLength 65535', 65_536, 65_575],
    ['too short for minLength 10000', 0, 9_999],
  ])('%s: lengths within the range, drawn as a length over repeated slots', (_name, min, max) => {
    for (const mode of [true, false]) {
      const values = sampleValues(charactersGen(min, max, { shapeOnly: mode }), 3, 20);
      for (const text of values) {
        expect(length(text)).toBeGreaterThanOrEqual(min);
        expect(length(text)).toBeLessThanOrEqual(max);
      }
      // The string repeats every 512 characters: only 512 characters are drawn, whatever its length.
      const long = values.find((text) => length(text) > 1024);
      if (long) expect([...long].slice(512, 1024).join('')).toBe([...long].slice(0, 512).join(''));
    }
  });

  it('a long edge string that repeats can be shrunk by a generator that did not make it; other long strings are left as they are', () => {
    const gen = charactersGen(65_536, 65_575, { shapeOnly: true });
    expect(canShrink(gen, 'a'.repeat(65_536))).toBe(true);
    expect(canShrink(gen, `${'a'.repeat(65_535)}b`)).toBe(false);
    expect(canShrink(gen, 'a'.repeat(65_535))).toBe(false);
  });

  it('a failure on a 65,536-character string shrinks its length by halving, in a few dozen requests', async () => {
    const gen = charactersGen(0, 70_000, { wide: true, shapeOnly: true });
    const lengths: number[] = [];
    const attempt: Attempt<string> = {
      prepare: (text) => ({
        case: { request: { method: 'POST', path: '/x', headers: {}, body: text } } as ContractCase,
      }),
      send: async (prepared) => {
        const text = prepared.case.request.body!;
        lengths.push(text.length);
        const failed = text.length > 65_535;
        // A failure has its finding: shrinking keeps the failure's signature (issue 18 section 3).
        const findings = failed
          ? [
              {
                check: 'server-error',
                severity: 'error',
                class: 'failure',
                operation: 'x',
                pointer: '',
                message: 'server error 500',
              },
            ]
          : [];
        return {
          case: prepared.case,
          exchange: { case: prepared.case, url: '', durationMs: 0, response: { status: failed ? 500 : 200 } },
          findings,
          verdict: failed ? 'failed' : 'passed',
        } as CaseResult;
      },
    };
    const found = await hunt({ structural: gen, full: gen }, attempt, {
      seed: 1,
      numRuns: 1,
      examples: ['a'.repeat(70_000)],
      maxShrinks: 500,
    });
    expect(found.smallest?.case.request.body).toHaveLength(65_536);
    expect(lengths.length).toBeLessThan(60);
  });

  it('stringEdges leaves out lengths beyond 4096 and keeps header edges to what a header carries', () => {
    expect(stringEdges({ maxLength: 65_535 }, () => 'x').map((edge) => edge.name)).not.toContain('max-length');
    expect(stringEdges({ maxLength: 4_096 }, () => 'x').map((edge) => edge.name)).toContain('max-length');
    const header = stringEdges({}, () => 'x', 'header');
    expect(header.map((edge) => edge.name)).toEqual(['empty', 'single-ascii', 'long-ascii']);
  });

  it('header strings hold only characters a header field and a cookie carry unchanged', () => {
    for (const text of sampleValues(stringGen({}, false, 'header'), 5, 300)) expect(text).toMatch(HEADER_SAFE);
    for (const text of sampleValues(stringGen({ format: 'binary' }), 5, 300))
      expect(text).toMatch(/^[\x20-\x7e\t\n\r]*$/);
  });
});
