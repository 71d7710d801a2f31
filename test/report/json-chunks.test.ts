/** The JSON report written in pieces is the text JSON.stringify(document, null, 2) writes, byte for byte. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { prettyJsonChunks } from '../../src/report/json-chunks.js';
import { writeReportChunks } from '../../src/report/report-target.js';

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

describe('prettyJsonChunks', () => {
  test.each([
    ['no cases', { head: { reportVersion: 1, summary: { total: 0 } }, items: [] }],
    ['one case', { head: { reportVersion: 1, hints: ['a\nb'] }, items: [record('a')] }],
    [
      'many cases, unicode, escapes and nested empties',
      {
        head: { reportVersion: 1, spec: { title: 'Ä "quoted" \u2028' }, budget: null, operations: [] },
        items: [record('a'), record('b', { title: '\t\u0000' }), 'text', 42, null, [], {}],
      },
    ],
  ])('%s', (_name, { head, items }) => {
    const document = { ...head, cases: items };
    expect([...prettyJsonChunks(document, 'cases', items)].join('')).toBe(`${JSON.stringify(document, null, 2)}\n`);
  });
});

describe('writeReportChunks', () => {
  test('a file and a sink get the same text, in writes of about 1 MiB', async () => {
    const items = Array.from({ length: 3000 }, (_, index) => record(`case-${index}`, { body: 'x'.repeat(700) }));
    const document = { reportVersion: 1, cases: items };
    const want = `${JSON.stringify(document, null, 2)}\n`;
    const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-chunks-'));
    try {
      const file = path.join(directory, 'reports', 'contract.json');
      await writeReportChunks({ file }, prettyJsonChunks(document, 'cases', items));
      expect(await readFile(file, 'utf8')).toBe(want);
      const writes: string[] = [];
      await writeReportChunks(
        { sink: { write: (text: string) => writes.push(text) } },
        prettyJsonChunks(document, 'cases', items),
      );
      expect(writes.join('')).toBe(want);
      expect(writes.length).toBeGreaterThan(1);
      expect(writes.length).toBeLessThan(want.length / 100_000);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
