/**
 * The README's (and its docs') sample outputs are what the commands print:
 * the generator (scripts/readme-samples.mjs, `npm run readme:samples`)
 * renders every sample block from the real commands, and this test fails
 * when a block differs (run `npm run readme:samples` and review the diff).
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  driftedSamples,
  normalise,
  renderSamples,
  SAMPLE_FILES,
  samplesWithoutBlock,
} from '../../scripts/readme-samples.mjs';

const texts = new Map<string, { written: string; rendered: string }>();

beforeAll(async () => {
  for (const file of SAMPLE_FILES) {
    const written = await readFile(file, 'utf8');
    texts.set(file, { written, rendered: await renderSamples(written) });
  }
}, 90_000);

describe('README samples', () => {
  test.each(SAMPLE_FILES)('every sample block of %s matches what its command prints now', (file) => {
    const { written, rendered } = texts.get(file)!;
    expect(driftedSamples(written, rendered)).toEqual([]);
    expect(rendered).toBe(written);
  });

  test('every sample has a block, and a stale block is named', () => {
    expect(samplesWithoutBlock([...texts.values()].map((text) => text.written))).toEqual([]);
    const { written, rendered } = texts.get('docs/contract.md')!;
    const stale = written.replace(
      '22 passed, 0 failed; 1 spec gap in 0.1 s',
      '22 passed, 0 failed; 1 spec gap in 9.9 s',
    );
    expect(driftedSamples(stale, rendered)).toEqual(['contract-pass']);
  });

  test('a block without a sample is refused before anything runs', async () => {
    await expect(renderSamples('<!-- sample:nope -->\n```\nx\n```\n<!-- /sample -->\n')).rejects.toThrow(
      'README blocks without a sample in scripts/readme-samples.mjs: nope',
    );
  });

  test('ports, request timings, unseeded seeds and clock-based ids are normalised', () => {
    const text =
      'against http://127.0.0.1:38951\nPOST /plants 200 15.7 ms\nseed 987 (replay with --seed 987)\n{"id":1795450995953} {"id":1795450995954}';
    expect(normalise(text, new Map([['http://127.0.0.1:38951', 'http://127.0.0.1:8080']]))).toBe(
      'against http://127.0.0.1:8080\nPOST /plants 200 1.0 ms\nseed 12345 (replay with --seed 12345)\n{"id":1795328745282} {"id":1795328745283}',
    );
  });
});
