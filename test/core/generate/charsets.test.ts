/** Format and pattern draws brought into a header's charset, the pattern kept (issue 23). */
import { describe, expect, test } from 'vitest';
import { withinCharset } from '../../../src/core/generate/charsets.js';
import { constant, sampleValues } from '../../../src/core/generate/fast-check.js';
import { stringGen } from '../../../src/core/generate/strings.js';
import { fieldValueProblem } from '../../../src/core/http/wire-text.js';

describe('withinCharset', () => {
  test.each([
    ['already in the set: unchanged', 'abc-123', () => true, 'abc-123'],
    ['a letter pattern keeps letters', 'Ωmega虎', (text: string) => /^\p{L}+$/u.test(text), 'amegaa'],
    ['a digit pattern gets digits', '1٣2', (text: string) => /^\p{Nd}+$/u.test(text), '102'],
    ['a line break in free text', 'a\nb', () => true, 'aab'],
    ['no stand-in fits: left as drawn (refused before sending)', 'Ω', (text: string) => text === 'Ω', 'Ω'],
  ])('%s', (_name, drawn, keep, want) => {
    expect(sampleValues(withinCharset(constant(drawn), 'header', keep), 1, 1)[0]).toBe(want);
  });

  test('the any charset is left alone', () => {
    expect(
      sampleValues(
        withinCharset(constant('虎\n'), 'any', () => true),
        1,
        1,
      )[0],
    ).toBe('虎\n');
  });
});

describe('header strings from patterns and formats travel unchanged', () => {
  test.each([
    ['letters of any script', { type: 'string', pattern: '^\\p{L}{6,16}$' }],
    ['anything but commas', { type: 'string', pattern: '^[^,]{8,20}$' }],
    ['an email', { type: 'string', format: 'email' }],
    ['a URI', { type: 'string', format: 'uri' }],
  ] as Array<[string, { type: string; pattern?: string; format?: string }]>)('%s', (_name, schema) => {
    const values = sampleValues(stringGen(schema, false, 'header'), 3, 200);
    const kept = values.filter((value) => fieldValueProblem(value) === undefined);
    // A draw no stand-in can fix is refused before sending; with these schemas none is.
    expect(kept.length).toBe(values.length);
    const { pattern } = schema;
    if (pattern) for (const value of values) expect(value).toMatch(new RegExp(pattern, 'u'));
  });
});
