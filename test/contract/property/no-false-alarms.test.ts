/**
 * Correct servers, including odd but correct ones (a server that refuses a
 * duplicate id, answers 403 to bad credentials, omits the optional tag, ...),
 * pass with zero failures whatever the seed: the 20-seed check.
 */
import { describe, expect, it } from 'vitest';
import type { Variant } from '../../apps/plant-store.js';
import { contractAgainst } from './cli-harness.js';
import { failedGenerated } from './report-blocks.js';

const SEEDS = Array.from({ length: 20 }, (_, index) => String(1000 + index * 7919));

/** A default run against a correct local server: no failure, and well inside the 10 s target. */
async function expectClean(variant: Variant, seed: string): Promise<void> {
  const started = performance.now();
  const run = await contractAgainst(variant, ['--seed', seed]);
  const elapsed = performance.now() - started;
  expect(failedGenerated(run.out), `seed ${seed}`).toEqual([]);
  expect(run.out, `seed ${seed}`).toMatch(/\n\d+ passed, 0 failed(; \d+ spec gaps?)? in /);
  expect(run.code, `seed ${seed}\n${run.out}`).toBe(0);
  expect(elapsed).toBeLessThan(10_000);
}

describe('no false alarms', () => {
  it('the correct server passes over 20 seeds', async () => {
    for (const seed of SEEDS) await expectClean('correct', seed);
  }, 300_000);

  it('a server that refuses duplicate ids passes (generated ids are unique within a run)', async () => {
    for (const seed of SEEDS.slice(0, 5)) await expectClean('rejects-duplicate-id', seed);
  }, 120_000);

  it.each<Variant>(['auth-403', 'auth-400', 'charset', 'extra-headers', 'key-order', 'omit-tag'])(
    'odd but correct: %s',
    async (variant) => {
      for (const seed of SEEDS.slice(0, 2)) await expectClean(variant, seed);
    },
    60_000,
  );
});
