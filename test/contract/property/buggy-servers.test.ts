/**
 * The issue's "done when": servers that break only for some values are each
 * caught with default settings (no flags but the base URL), and the report
 * shows the failure shrunk to its smallest request. The seed is random, as a
 * user's would be; the report names it, so a failure here can be replayed.
 */
import { describe, expect, it } from 'vitest';
import { APP_TOKEN, type Variant } from '../../apps/plant-store.js';
import { contractAgainst } from './cli-harness.js';
import { type FailedGenerated, failedGenerated, sentName } from './report-blocks.js';

const codePoints = (text: string | undefined) => [...(text ?? '')];

const BUGS: Array<[Variant, { shrunkTo: string; matches: (failure: FailedGenerated) => boolean }]> = [
  [
    'rejects-non-ascii-name',
    {
      shrunkTo: 'a name of one non-ASCII character',
      matches: (f) => codePoints(sentName(f.sent)).length === 1 && sentName(f.sent)!.codePointAt(0)! > 0x7f,
    },
  ],
  [
    'rejects-long-name',
    { shrunkTo: 'a name of exactly 65 characters', matches: (f) => codePoints(sentName(f.sent)).length === 65 },
  ],
  [
    'rejects-int64-max',
    {
      shrunkTo: 'id 9223372036854775807, digit for digit',
      matches: (f) => /"id":9223372036854775807[,}]/.test(f.sent ?? ''),
    },
  ],
  ['rejects-negative-id', { shrunkTo: 'id -1', matches: (f) => /"id":-1[,}]/.test(f.sent ?? '') }],
  [
    'accepts-int64-overflow',
    {
      shrunkTo: 'id 9223372036854775808 accepted',
      matches: (f) =>
        /"id":9223372036854775808[,}]/.test(f.sent ?? '') &&
        f.lines.some((line) => line.includes('an invalid request was accepted')),
    },
  ],
  ['rejects-empty-name', { shrunkTo: 'name ""', matches: (f) => sentName(f.sent) === '' }],
];

describe('generated cases catch value-dependent bugs with default settings', () => {
  it.each(BUGS)('%s: reported with %s', async (variant, { matches }) => {
    const run = await contractAgainst(variant);
    const seed = /seed (\d+) \(replay with --seed \1\)/.exec(run.out)?.[1];
    expect(seed, 'the run header names the seed').toBeDefined();
    expect(run.code, `exit code (seed ${seed})`).toBe(1);
    const failures = failedGenerated(run.out);
    const shrunk = failures.filter(matches);
    expect(
      shrunk.length,
      `a generated failure shrunk as expected (seed ${seed}):\n${failures.map((f) => `${f.id} ${f.sent}`).join('\n')}`,
    ).toBeGreaterThan(0);
    for (const failure of shrunk) {
      expect(failure.lines.some((line) => /^ {8}seed: +\d+ \(replay with --seed \d+/.test(line))).toBe(true);
      expect(failure.lines.some((line) => line.includes('reproduce: curl') && line.includes('$PLANTKIT_TOKEN'))).toBe(
        true,
      );
      expect(failure.lines.some((line) => /^ {8}response: +\d{3} /.test(line))).toBe(true);
    }
    expect(run.out).not.toContain(APP_TOKEN);
  });

  it('shows where a failure was shrunk from', async () => {
    const run = await contractAgainst('rejects-long-name', ['--seed', '7']);
    const longAscii = failedGenerated(run.out).find((failure) => failure.id === 'generated/boundary/name/long-ascii');
    expect(sentName(longAscii?.sent)).toBe('a'.repeat(65));
    // The console caps echoed values at 200 characters; the JSON report keeps the whole body.
    expect(longAscii?.shrunk).toMatch(/^\d+ steps from \{"name":"a{190}… \(\d+ characters\)$/);
  });
});

describe('the random phases alone find the same bugs within the default --max-cases', () => {
  const RANDOM_ONLY = ['--only', 'addPlant/generated/positive', '--only', 'addPlant/generated/negative'];
  it.each(BUGS)('%s', async (variant, { matches }) => {
    for (const seed of ['1', '2', '3']) {
      const run = await contractAgainst(variant, [...RANDOM_ONLY, '--seed', seed]);
      expect(failedGenerated(run.out).filter(matches).length, `seed ${seed}:\n${run.out}`).toBeGreaterThan(0);
    }
  });
});
