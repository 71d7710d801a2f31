/** `--seed S` replays a run exactly: the generated requests a server receives are the same, request for request. */
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../apps/plant-store.js';
import { NO_BUDGET_CUT_FLAGS } from '../../support/no-budget-cut.js';
import { type CliRun, contractAgainst } from './cli-harness.js';

/** The requests the generated phase sent: those after the static cases (their count is in the run header). */
function generatedRequests(run: CliRun): Array<Pick<RunningApp['requests'][number], 'method' | 'path' | 'body'>> {
  const staticCases = Number(/(\d+) static cases/.exec(run.out)?.[1]);
  return run.app.requests.slice(staticCases).map(({ method, path, body }) => ({ method, path, body }));
}

describe('--seed', () => {
  it('sends the same generated requests again, against a passing and a failing server', async () => {
    for (const variant of ['correct', 'rejects-non-ascii-name'] as const) {
      // Compared request for request: no time budget may cut either run (replay-budget.test.ts tests cuts).
      const first = await contractAgainst(variant, ['--seed', '4242', ...NO_BUDGET_CUT_FLAGS]);
      const second = await contractAgainst(variant, ['--seed', '4242', ...NO_BUDGET_CUT_FLAGS]);
      const sent = generatedRequests(first);
      expect(sent.length).toBeGreaterThan(200);
      expect(generatedRequests(second)).toEqual(sent);
    }
  });

  it('another seed sends other random requests (the boundary phase stays the same)', async () => {
    const first = generatedRequests(await contractAgainst('correct', ['--seed', '1']));
    const second = generatedRequests(await contractAgainst('correct', ['--seed', '2']));
    const bodies = (requests: typeof first) => new Set(requests.map((request) => request.body));
    const shared = [...bodies(first)].filter((body) => bodies(second).has(body));
    expect(shared.length).toBeLessThan(first.length / 4);
  });
});
