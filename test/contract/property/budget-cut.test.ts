/**
 * What the time budget cuts is reported, not hidden: against a catalog
 * that answers every request after 100 ms, tiny budgets cut the generated
 * cases, and the cut shows in the console's closing lines, in the JSON
 * report's `budget` field and in the run result; nothing is reported as a
 * failure for it. Assertions are on what was cut, never on how long it took.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BudgetCut } from '../../../src/core/exchange/types.js';
import { runCli } from '../../support/cli.js';
import { failures, runAgainst, TARGETS } from '../../support/rich-targets.js';
import { temporaryDirectory } from '../../support/temporary-directory.js';

/** The operations of the catalog spec that have generated cases (health has no parameter and no body). */
const GENERATED_OPERATIONS = ['listPlants', 'createPlant', 'getPlant', 'updatePlant', 'deletePlant', 'getCatalogEntry'];

describe('the time budget', () => {
  test('--operation-budget: every operation sends its first request of each phase, the rest is cut and said so', async () => {
    const app = await TARGETS.catalog.start('slow-100ms', true);
    try {
      const directory = await temporaryDirectory('budget');
      const report = path.join(directory, 'report.json');
      const outcome = await runCli(
        [
          'contract',
          '--base-url',
          new URL(app.url).origin,
          '--spec',
          TARGETS.catalog.spec,
          '--no-contracts',
          '--seed',
          '3',
          '--workers',
          '8',
          '--only',
          '*/generated',
          '--operation-budget',
          '150ms',
          '--reporter',
          'console',
          '--reporter',
          'json',
          '--output',
          report,
        ],
        TARGETS.catalog.env,
      );
      expect(outcome.stdout).toContain('; time budget 150 ms per operation, 5 min in all\n');
      expect(outcome.stdout).toMatch(
        /\nbudget: the time budget cut the generated cases of 6 operations \(6 used up --operation-budget 150 ms\): \d+ boundary cases not sent, \d+ random phases cut short or not started; raise the budgets to send them\n/,
      );
      expect(outcome.code).toBe(0);
      const json = JSON.parse(await readFile(report, 'utf8')) as {
        budget: { operationMs: number; generatedMs: number; cut: BudgetCut[] };
        generated: Record<string, unknown>;
      };
      expect(json.generated).toMatchObject({ operationBudgetMs: 150, generatedBudgetMs: 300_000 });
      expect(json.budget.operationMs).toBe(150);
      expect(new Set(json.budget.cut.map((cut) => cut.operation))).toEqual(new Set(GENERATED_OPERATIONS));
      // Each boundary phase started (a started phase sends at least one request) and left cases unsent.
      const boundary = json.budget.cut.filter((cut) => cut.phase === 'boundary');
      expect(boundary).toHaveLength(GENERATED_OPERATIONS.length);
      expect(
        boundary.every((cut) => cut.requests >= 1 && (cut.casesNotSent ?? 0) > 0 && cut.budget === 'operation'),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });

  test('--generated-budget: shared among the operations; once spent, the operations left start no phase at all', async () => {
    const result = await runAgainst(TARGETS.catalog, 'slow-100ms', true, {
      only: ['*/generated'],
      workers: 8,
      seed: 3,
      generatedBudgetMs: 300,
    });
    expect(failures(result)).toEqual([]);
    const cut = result.budget!.cut;
    expect(cut.every((entry) => entry.budget === 'generated')).toBe(true);
    // The last operations found the total spent: none of their phases started. DELETEs run last (producers first).
    const notStarted = cut.filter((entry) => entry.requests === 0);
    expect(notStarted.length).toBeGreaterThan(0);
    expect(notStarted.map((entry) => entry.operation)).toContain('deletePlant');
    const recorded = new Set(
      result.results.filter((item) => item.case.kind === 'generated').map((item) => item.case.operation.id),
    );
    expect(recorded.has('deletePlant')).toBe(false);
  });
});
