/** Pieces encoded into buffers are the UTF-8 of their concatenation, in buffers near the size asked for. */
import { describe, expect, test } from 'vitest';
import { encoded } from '../../../src/core/text/encoded.js';

describe('encoded', () => {
  test.each<[string, { pieces: string[]; size: number }]>([
    ['nothing', { pieces: [], size: 16 }],
    ['empty pieces', { pieces: ['', '', ''], size: 16 }],
    ['ASCII across several buffers', { pieces: Array.from({ length: 50 }, (_, i) => `piece ${i},`), size: 32 }],
    [
      'multi-byte characters, a surrogate pair and a lone surrogate',
      { pieces: ['ä', '🌿', 'x\ud800y', '€€€'], size: 8 },
    ],
    ['a piece larger than a buffer', { pieces: ['ab', 'c'.repeat(100), 'd'], size: 16 }],
  ])('%s', (_name, { pieces, size }) => {
    const buffers = [...encoded(pieces, size)];
    expect(Buffer.concat(buffers)).toEqual(Buffer.from(pieces.join(''), 'utf8'));
    for (const buffer of buffers) expect(buffer.length).toBeGreaterThan(0);
  });

  test('buffers are about the size asked for: few writes, none of them a piece', () => {
    const pieces = Array.from({ length: 10_000 }, (_, i) => `{"id": ${i}}`);
    const buffers = [...encoded(pieces, 4096)];
    expect(buffers.length).toBeLessThan(60);
    for (const buffer of buffers.slice(0, -1)) expect(buffer.length).toBeGreaterThan(4096 - 3 * 20);
  });
});
