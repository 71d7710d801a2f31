/** A document written in pieces is the text JSON.stringify(document, null, 2) writes, byte for byte. */
import { describe, expect, test } from 'vitest';
import { prettyJsonPieces } from '../../../src/core/text/pretty-json.js';

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  verdict: 'passed',
  request: { method: 'POST', headers: { accept: 'application/json' }, body: '{\n  "name": "Fern 🌿"\n}' },
  response: null,
  findings: [],
  generated: { phase: 'boundary', seed: 1, original: null },
  nested: [[], [1, [2, { a: [] }]], {}],
  ...extra,
});

describe('prettyJsonPieces', () => {
  test.each<[string, Record<string, unknown>]>([
    ['an empty document', {}],
    ['no cases', { reportVersion: 1, summary: { total: 0 }, cases: [] }],
    ['one case', { reportVersion: 1, hints: ['a\nb'], cases: [record('a')] }],
    [
      'many cases, unicode, escapes and nested empties',
      {
        reportVersion: 1,
        spec: { title: 'Ä "quoted" \u2028' },
        budget: null,
        operations: [],
        cases: [record('a'), record('b', { title: '\t\u0000' }), 'text', 42, null, [], {}],
      },
    ],
    [
      'members JSON leaves out, or writes null in an array',
      { left: undefined, fn: () => 1, kept: 1, items: [undefined, () => 1, 2], sym: Symbol('s') },
    ],
    ['several arrays, a scalar last', { base: 'a', changes: [{ id: 1 }, { id: 2 }], ignored: [3], last: true }],
  ])('%s', (_name, document) => {
    const pieces = [...prettyJsonPieces(document)];
    expect(pieces.join('')).toBe(`${JSON.stringify(document, null, 2)}\n`);
  });

  test('one piece per array member: a large array is never one string', () => {
    const cases = Array.from({ length: 500 }, (_, index) => record(`case-${index}`));
    const pieces = [...prettyJsonPieces({ reportVersion: 1, cases })];
    expect(pieces.length).toBeGreaterThan(500);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(1000);
  });

  test('a member written by memberText, or the generic way when it gives no text, is the same text', () => {
    const document = { base: 'a', changes: [{ id: 1 }, { id: 2, note: 'x\ny' }, 'text'], ignored: [{ id: 3 }] };
    const memberText = (member: unknown) =>
      typeof member === 'object' && member !== null && 'note' in member
        ? undefined
        : JSON.stringify(member, null, 2).replaceAll('\n', '\n    ');
    expect([...prettyJsonPieces(document, memberText)].join('')).toBe(`${JSON.stringify(document, null, 2)}\n`);
  });
});
