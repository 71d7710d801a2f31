/** A report given in pieces reaches a file or a sink whole, in few writes. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { prettyJsonPieces } from '../../src/core/text/pretty-json.js';
import { writeReportChunks } from '../../src/report/report-target.js';

describe('writeReportChunks', () => {
  test('a file and a sink get the same text, in writes of about 1 MiB', async () => {
    const items = Array.from({ length: 3000 }, (_, index) => ({
      id: `case-${index}`,
      verdict: 'passed',
      request: { method: 'POST', body: '{\n  "name": "Fern 🌿"\n}' },
      body: 'x'.repeat(700),
    }));
    const document = { reportVersion: 1, cases: items };
    const want = `${JSON.stringify(document, null, 2)}\n`;
    const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-chunks-'));
    try {
      const file = path.join(directory, 'reports', 'contract.json');
      await writeReportChunks({ file }, prettyJsonPieces(document));
      expect(await readFile(file, 'utf8')).toBe(want);
      const writes: string[] = [];
      await writeReportChunks({ sink: { write: (text: string) => writes.push(text) } }, prettyJsonPieces(document));
      expect(writes.join('')).toBe(want);
      expect(writes.length).toBeGreaterThan(1);
      expect(writes.length).toBeLessThan(want.length / 100_000);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
