/**
 * Issue 18 section 5: replays are exact whether or not a time budget cuts.
 * Two runs with the same seed and a budget small enough to cut (the todos
 * app answers after 3 ms; it hands out ids 1, 2, 3, ... so the same answers
 * come back) record every request the runner sends, by case (a check that
 * only listens). Each generated case's requests in one run are a prefix of
 * its requests in the other: a cut only ends a phase's seeded stream early
 * and moves nothing anywhere else. Every case both runs recorded got the
 * same verdict (a failure shrinks in full: the same smallest request), the
 * static cases are the same, and the report names what was cut.
 *
 * A case that names a live todo names one the server handed out, the first
 * still live when the case is sent: a cut that leaves a DELETE unsent leaves
 * its todo live for the next phase (the run cannot know the server's items
 * in advance). Those ids are compared as "a live todo"; whether a case named
 * a live todo or a made-up id stays exact. Under a loaded CI machine the
 * 250 ms budget cut deleteTodo's boundary phase after one case and the
 * comparison of raw ids failed by chance; the last test pins that cut.
 */
import { describe, expect, test } from 'vitest';
import { CHECKS } from '../../../src/contract/checks/index.js';
import type { ContractOptions } from '../../../src/contract/options.js';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunResult } from '../../../src/contract/types.js';
import type { Exchange } from '../../../src/core/exchange/types.js';
import type { Check } from '../../../src/core/response/types.js';
import { startTodosApp, type TodosVariant } from '../producers/todos-files-app.js';

/** A run, and every request it sent, by case id, in the order sent. */
async function recorded(
  variant: TodosVariant,
  extra: Partial<ContractOptions>,
): Promise<{ result: RunResult; sent: Map<string, string[]> }> {
  const sent = new Map<string, string[]>();
  const listener: Check = {
    id: 'record-requests',
    description: 'records every request the runner sends, by case (this test only)',
    run(exchange) {
      const { id, request } = exchange.case;
      sent.set(id, [...(sent.get(id) ?? []), `${request.method} ${livePath(exchange)} ${request.body ?? ''}`]);
      return [];
    },
  };
  const app = await startTodosApp(variant, 3);
  try {
    const result = await runContract({
      baseUrl: app.url,
      spec: 'test/fixtures/producers/todos-files-3.0.yaml',
      contracts: false,
      seed: 21,
      maxCases: 60,
      stateful: false,
      checks: [...CHECKS, listener],
      ...extra,
    });
    return { result, sent };
  } finally {
    await app.close();
  }
}

/** The request's path, with the id of a todo the server served (a 2xx on /todos/{id}) written `{live}`. */
function livePath({ case: { request }, response }: Exchange): string {
  const status = response?.status ?? 0;
  return status >= 200 && status < 300 ? request.path.replace(/^\/todos\/\d+$/, '/todos/{live}') : request.path;
}

/** `a` is `b` cut short (or `b` is `a` cut short). */
function onePrefixesTheOther(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((item, index) => item === long[index]);
}

describe('the same seed replays the same cases under a time budget that cuts', () => {
  test.each<[string, TodosVariant]>([
    ['a correct server', 'correct'],
    ['a server the generated cases find a bug in', 'rejects-long-title'],
  ])(
    '%s',
    async (_name, variant) => {
      const budget = { operationBudgetMs: 250 };
      const first = await recorded(variant, budget);
      const second = await recorded(variant, budget);
      const uncut = await recorded(variant, { operationBudgetMs: 60_000 });
      // The budget really cut, and the report names the boundary cases it left out.
      expect(first.result.budget!.cut.length).toBeGreaterThan(0);
      for (const cut of first.result.budget!.cut.filter((entry) => entry.phase === 'boundary')) {
        expect(cut.notSent!.length).toBe(cut.casesNotSent);
        const recordedIds = new Set(first.result.results.map((item) => item.case.id));
        expect(cut.notSent!.filter((id) => recordedIds.has(id))).toEqual([]);
      }
      expect(uncut.result.budget!.cut).toEqual([]);
      for (const other of [second, uncut]) {
        // Static cases: the same requests, whatever the budget.
        const statics = (run: typeof first) =>
          [...run.sent]
            .filter(([id]) => !id.includes('/generated/') && !id.includes('/producer/'))
            .map(([id, requests]) => [id, requests]);
        expect(statics(other)).toEqual(statics(first));
        // Generated cases: one run's requests of a case are the other's cut short.
        for (const [id, requests] of first.sent) {
          const again = other.sent.get(id);
          if (!again) continue;
          expect(onePrefixesTheOther(requests, again), id).toBe(true);
        }
        // The same verdict for every case both recorded (a failure with the same smallest request), unless
        // the budget ended one run's case before it reached the value that fails.
        const verdicts = (run: typeof first) =>
          new Map(run.result.results.filter((item) => item.verdict !== 'skipped').map((item) => [item.case.id, item]));
        const [mine, theirs] = [verdicts(first), verdicts(other)];
        const shared = [...mine.keys()].filter((id) => theirs.has(id));
        expect(shared.length).toBeGreaterThan(10);
        for (const id of shared) {
          const [a, b] = [mine.get(id)!, theirs.get(id)!];
          if (a.verdict === b.verdict) {
            if (a.verdict === 'failed') expect(b.case.request, id).toEqual(a.case.request);
          } else expect((a.verdict === 'passed' ? a : b).generated?.cut, id).toBeDefined();
        }
      }
      if (variant === 'rejects-long-title') {
        const failure = uncut.result.results.find(
          (item) => item.case.id === 'createTodo/generated/positive' && item.verdict === 'failed',
        );
        // Shrunk in full to the shortest title the server refuses: 51 characters.
        expect([...(JSON.parse(failure!.case.request.body!) as { title: string }).title]).toHaveLength(51);
      }
    },
    300_000,
  );
});

describe('a cut that leaves a DELETE unsent leaves its todo live for the next phase', () => {
  test("deleteTodo's boundary phase cut after its first case: the positive phase deletes the todo the unsent case would have", async () => {
    /** The generated cases alone against an app that answers after `delayMs`; the path each case sent. */
    const paths = async (delayMs: number, operationBudgetMs: number) => {
      const app = await startTodosApp('correct', delayMs);
      try {
        const result = await runContract({
          baseUrl: app.url,
          spec: 'test/fixtures/producers/todos-files-3.0.yaml',
          contracts: false,
          only: ['*/generated'],
          seed: 21,
          maxCases: 60,
          stateful: false,
          operationBudgetMs,
        });
        const path = (id: string) => result.results.find((item) => item.case.id === id)?.case.request.path;
        return { result, path };
      } finally {
        await app.close();
      }
    };
    // Every answer takes 100 ms and a boundary phase gets a third of 290 ms: each boundary phase sends its first case
    // only, however fast the machine; the positive phase after it starts unless that case took over 290 ms.
    const cut = await paths(100, 290);
    const uncut = await paths(3, 60_000);
    const everyProperty = 'deleteTodo/generated/boundary/request/every-property';
    expect(
      cut.result.budget!.cut.find((entry) => entry.operation === 'deleteTodo' && entry.phase === 'boundary'),
    ).toMatchObject({ requests: 1, notSent: expect.arrayContaining([everyProperty]) });
    expect(uncut.path(everyProperty)).toMatch(/^\/todos\/\d+$/);
    expect(cut.path('deleteTodo/generated/positive')).toBe(uncut.path(everyProperty));
  });
});
