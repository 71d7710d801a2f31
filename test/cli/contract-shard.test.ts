/**
 * --shard i/n against the real stateful mock: the shards together send
 * exactly the unsharded run's cases, each once, and the same seed sends the
 * same requests in the same shard.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../support/cli.js';
import { fixturePath, withMock } from '../support/mock.js';
import { NO_BUDGET_CUT_FLAGS } from '../support/no-budget-cut.js';

const SPEC = fixturePath('rich/catalog-3.1.yaml');
const env = { PLANTKIT_TOKEN: 'shard-token' };
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-shard-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

interface ReportCase {
  id: string;
  operation: string;
  request: { method: string; url: string; body: string | null };
}

/** One run against a fresh stateful mock; its JSON report's cases. */
async function run(name: string, extra: string[]): Promise<{ code: number; cases: ReportCase[]; shard: unknown }> {
  return withMock({ spec: SPEC, stateful: true, log: { write: () => true } }, async (mock) => {
    const output = path.join(directory, `${name}.json`);
    const outcome = await runCli(
      [
        'contract',
        ...['--spec', SPEC, '--base-url', mock.url, '--seed', '41', '--max-cases', '4'],
        ...['--reporter', 'json', '--output', output, '--quiet'],
        // Shards and runs are compared case for case: no time budget may cut any of them.
        ...NO_BUDGET_CUT_FLAGS,
        ...extra,
      ],
      env,
    );
    expect(outcome.stderr).toBe('');
    const report = JSON.parse(await readFile(output, 'utf8')) as { cases: ReportCase[]; shard: unknown };
    return { code: outcome.code, cases: report.cases, shard: report.shard };
  });
}

/** What a case sent, without the mock's port. */
const sent = (item: ReportCase) => ({
  id: item.id,
  method: item.request.method,
  target: new URL(item.request.url).pathname + new URL(item.request.url).search,
});

describe('--shard i/n', () => {
  test('the shards together send every case of the unsharded run exactly once', async () => {
    const whole = await run('whole', []);
    expect(whole.shard).toBeNull();
    const shards = [];
    for (const index of [1, 2, 3]) shards.push(await run(`shard-${index}`, ['--shard', `${index}/3`]));
    expect(shards.map((shard) => shard.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
    const ids = shards.flatMap((shard) => shard.cases.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(whole.cases.map((item) => item.id).sort());
    // Every shard has work, and an operation never spans two shards.
    for (const shard of shards) expect(shard.cases.length).toBeGreaterThan(0);
    const owners = new Map<string, Set<number>>();
    for (const [index, shard] of shards.entries())
      for (const item of shard.cases) owners.set(item.operation, (owners.get(item.operation) ?? new Set()).add(index));
    for (const owner of owners.values()) expect(owner.size).toBe(1);
    // Four whole runs: 3 s on CI, 26-30 s at a load average of 10 on 2 cores, where 30 s timed out.
  }, 120_000);

  test('the same seed sends the same requests in the same shard', async () => {
    const first = await run('again-1', ['--shard', '2/3']);
    const second = await run('again-2', ['--shard', '2/3']);
    expect(first.cases.length).toBeGreaterThan(10);
    // Static cases' unique integers start at a seeded value, generated ones come from (seed, operation, phase).
    expect(second.cases.map(sent)).toEqual(first.cases.map(sent));
    expect(second.cases.map((item) => item.request.body)).toEqual(first.cases.map((item) => item.request.body));
  });

  test('more shards than collections: an empty shard passes with no case', async () => {
    const empty = await run('empty', ['--shard', '4/4']);
    expect(empty).toMatchObject({ code: 0, cases: [], shard: { index: 4, count: 4 } });
  });

  test.each(['0/4', '5/4', 'a/b'])('--shard %s: exit 2 naming the form, no request sent', async (given) => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const outcome = await runCli(
        ['contract', '--spec', SPEC, '--base-url', `http://127.0.0.1:${port}`, '--shard', given],
        env,
      );
      expect(outcome).toEqual({
        code: 2,
        stdout: '',
        stderr: `plantkit: error: --shard ${given} is not a shard: write it as i/n with 1 ≤ i ≤ n (e.g. --shard 1/4 ... --shard 4/4, one per CI job)\n`,
      });
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
