/** The generated-case flags of `plantkit contract`: --seed, --max-cases, --max-shrinks, --phases, --no-generated. */
import { describe, expect, it } from 'vitest';
import { contractAgainst } from '../../contract/property/cli-harness.js';

describe('plantkit contract: generated-case flags', () => {
  it('prints a random seed in the run header when none is given', async () => {
    const run = await contractAgainst('correct', ['--quiet']);
    expect(run.out).toMatch(
      /generated cases: seed (\d+) \(replay with --seed \1\); phases boundary, positive, negative; up to 100 random cases per phase; time budget 10 s per operation, 5 min in all\n/,
    );
  });

  it('--operation-budget and --generated-budget are printed in the header as given', async () => {
    const run = await contractAgainst('correct', [
      '--quiet',
      '--seed',
      '5',
      '--operation-budget',
      '1500ms',
      '--generated-budget',
      '2m',
    ]);
    expect(run.out).toContain('; time budget 1.5 s per operation, 2 min in all\n');
    expect(run.code).toBe(0);
  });

  it.each([
    [['--seed=-1'], '--seed must be an integer >= 0'],
    [['--seed', 'abc'], '--seed must be an integer >= 0'],
    [['--seed', '2147483648'], '--seed must be an integer from 0 to 2147483647'],
    [['--max-cases=-5'], '--max-cases must be an integer >= 0'],
    [['--max-shrinks', 'x'], '--max-shrinks must be an integer >= 0'],
    [['--phases', 'boundary,fuzz'], "unknown phase 'fuzz'"],
    [['--operation-budget', 'soon'], "--operation-budget must be a duration such as 90s, 5m or 1500ms, got 'soon'"],
    [['--generated-budget', '0s'], "--generated-budget must be a duration such as 90s, 5m or 1500ms, got '0s'"],
  ])('%j is a usage error', async (args, message) => {
    const run = await contractAgainst('correct', args);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
    expect(run.app.requests).toEqual([]);
  });

  it('--no-generated sends the static cases only, and announces no seed', async () => {
    const run = await contractAgainst('correct', ['--no-generated']);
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('generated');
    expect(run.out).not.toContain('seed');
  });

  it('--phases boundary with --max-cases 0: no random phase', async () => {
    const run = await contractAgainst('correct', ['--phases', 'boundary', '--max-cases', '0', '--seed', '5']);
    expect(run.out).toContain('generated/boundary/name/cjk');
    expect(run.out).not.toMatch(/generated\/(positive|negative)/);
  });

  it('--max-cases bounds the random phases', async () => {
    const run = await contractAgainst('correct', ['--phases', 'positive,negative', '--max-cases', '7', '--seed', '5']);
    expect(run.out).toContain('random valid bodies: 7 sent, all accepted');
    expect(run.out).toContain('random invalid bodies (one constraint broken in each): 7 sent, all rejected');
  });

  it('--max-shrinks 0 reports the failure as found', async () => {
    const run = await contractAgainst('rejects-long-name', [
      '--phases',
      'boundary',
      '--only',
      'addPlant/generated/boundary/name/long-ascii',
      '--max-shrinks',
      '0',
      '--seed',
      '5',
    ]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/sent: +\{"name":"a{190}… \(\d+ characters\)\n/);
    expect(run.out).not.toContain('shrunk:');
  });

  it('--skip takes generated case ids like any other', async () => {
    const run = await contractAgainst('rejects-empty-name', [
      '--seed',
      '5',
      '--skip',
      'addPlant/generated/boundary/name/empty',
      '--skip',
      'addPlant/generated/positive',
    ]);
    expect(run.out).not.toContain('generated/boundary/name/empty');
    expect(run.out).not.toContain('generated/positive');
  });

  it('an id edge a contracts/ scenario already had accepted is not sent again (it could be refused as a duplicate)', async () => {
    const withScenarios = await contractAgainst('correct', ['--seed', '5']);
    expect(withScenarios.out).not.toContain('generated/boundary/id/int64-max');
    expect(withScenarios.out).toContain('PASS  generated/boundary/id/int64-min');
    const alone = await contractAgainst('correct', ['--seed', '5', '--only', 'addPlant/generated/boundary']);
    expect(alone.out).toContain('PASS  generated/boundary/id/int64-max');
  });
});
