/**
 * Issue 13: the kit never fails its own mock. `plantkit contract` against
 * `plantkit mock --stateful` passes with the stateful phase on, for every
 * fixture shape (CRUD with paging, a wrapped list with uuid ids and merge
 * patches, client-named ids, links); against a mock that keeps no state the
 * phase is skipped with one line saying how to turn state on.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../support/cli.js';
import { withMock } from '../../support/mock.js';

/** `plantkit contract` against a mock of `spec` started with `stateful`; the console report and the JSON one. */
async function contractAgainstMock(spec: string, stateful: boolean, extra: string[] = []) {
  return withMock({ spec, stateful }, async (mock) => {
    const outcome = await runCli(
      [
        'contract',
        '--base-url',
        mock.url,
        '--spec',
        spec,
        '--no-contracts',
        '--seed',
        '3',
        '--max-cases',
        '20',
        '--quiet',
        ...extra,
      ],
      { PLANTKIT_API_KEY: 'mock-key', PLANTKIT_TOKEN: 'mock-token' },
    );
    return outcome;
  });
}

describe('plantkit contract against plantkit mock --stateful', () => {
  test.each([
    ['catalog: CRUD, paging, X-Total-Count', 'test/fixtures/rich/catalog-3.1.yaml', 2],
    [
      'orders and tags: a wrapped list, uuid ids, merge patches, client-named ids',
      'test/fixtures/stateful/orders-3.0.yaml',
      4,
    ],
    ['trays: collections from links', 'test/fixtures/stateful/links-3.1.yaml', 2],
  ])('%s: passes, sequences included', async (_name, spec, sequences) => {
    const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-stateful-'));
    try {
      const report = path.join(directory, 'report.json');
      const outcome = await contractAgainstMock(spec, true, [
        '--phases',
        'stateful',
        '--reporter',
        'console',
        '--reporter',
        'json',
        '--output',
        report,
      ]);
      expect(outcome.stderr).toBe('');
      expect(outcome.code, outcome.stdout).toBe(0);
      expect(outcome.stdout).toContain('phases stateful');
      expect(outcome.stdout).not.toContain('the stateful phase was skipped');
      const cases = (
        JSON.parse(await readFile(report, 'utf8')) as {
          cases: Array<{ kind: string; verdict: string; sequence: { steps: unknown[] } | null }>;
        }
      ).cases.filter((item) => item.kind === 'stateful');
      expect(cases.map((item) => item.verdict)).toEqual(Array.from({ length: sequences }, () => 'passed'));
      expect(cases.every((item) => item.sequence!.steps.length >= 2)).toBe(true);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

test('against a mock that keeps no state the phase is skipped with one line, and the run stays green', async () => {
  const outcome = await contractAgainstMock('test/fixtures/rich/catalog-3.1.yaml', false);
  expect(outcome.code, outcome.stdout).toBe(0);
  const hints = outcome.stdout.split('\n').filter((line) => line.includes('stateful phase'));
  expect(hints).toEqual([
    'hint: the stateful phase was skipped: the target is a plantkit mock that keeps no state (x-plantkit-mock: stateful=false); start it with `plantkit mock --stateful` to follow resources across calls',
  ]);
});
