/**
 * What an enum implies for string bounds, and the messages the bound and
 * type rules give on the fixture pairs of test/fixtures/spec-diff.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { effectiveLength, enumMatches, impliedLength } from '../../src/spec-diff/enum-bounds.js';
import { emptySchema } from '../../src/spec-diff/schema-record.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');

function schema(values: unknown[] | undefined, bounds: { maxLength?: number; minLength?: number } = {}) {
  return { ...emptySchema('#', ['string']), enum: values, bounds };
}

describe('enum bounds', () => {
  it.each([
    ['no enum', { given: schema(undefined, { maxLength: 9 }), want: [undefined, undefined, 9, undefined] }],
    ['code points, not UTF-16 units', { given: schema(['🌱🌱', 'abc']), want: [3, 2, 3, 2] }],
    [
      'the tighter of enum and keyword',
      { given: schema(['ab', 'abcd'], { maxLength: 3, minLength: 3 }), want: [4, 2, 3, 3] },
    ],
    ['no strings listed: every length bound holds', { given: schema([1, null]), want: [0, Infinity, 0, Infinity] }],
  ])('%s', (_name, { given, want }) => {
    expect([
      impliedLength(given, 'maxLength'),
      impliedLength(given, 'minLength'),
      effectiveLength(given, 'maxLength'),
      effectiveLength(given, 'minLength'),
    ]).toEqual(want);
  });

  it.each([
    ['every listed string matches', { given: [schema(['ab', 'cd', 3]), '^[a-d]+$'], want: true }],
    ['one listed string does not', { given: [schema(['ab', 'CD']), '^[a-d]+$'], want: false }],
    ['no list', { given: [schema(undefined), '^[a-d]+$'], want: false }],
    ['a pattern that does not compile', { given: [schema(['ab']), '(['], want: false }],
  ] as const)('pattern: %s', (_name, { given, want }) => {
    expect(enumMatches(given[0], given[1])).toBe(want);
  });
});

describe('messages', () => {
  it.each([
    ['enum-within-string-bounds-not-breaking', { want: [] }],
    [
      'enum-beyond-string-bounds',
      {
        want: [
          "request body (application/json) property 'code': maxLength added: 3",
          "response 200 (application/json) property 'status': maxLength 5 removed (the enum allows a string of length 13)",
        ],
      },
    ],
    [
      'response-format-widened',
      { want: ["response 200 (application/json) property 'status': format changed from uri to uri-template"] },
    ],
  ])('%s', async (name, { want }) => {
    const result = await diffSpecs(`${name}.base.yaml`, `${name}.head.yaml`, { cwd: fixtures });
    expect(result.changes.map((change) => change.message).sort()).toEqual(want);
  });
});
