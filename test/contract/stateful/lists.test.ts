/**
 * Issue 18 section 6: lists are judged, by the default run (static,
 * generated and stateful phases, no flags). A list that never shows new
 * items and a total count that stays 0 are caught on the catalog (limit
 * documented with a maximum) and on the todos app (limit without one: the
 * list step asks for more than the items the run holds); the correct apps
 * pass.
 */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunResult } from '../../../src/contract/types.js';
import { CATALOG_API_KEY, CATALOG_BASIC, type CatalogVariant, startCatalog } from '../../apps/catalog.js';
import { startTodosApp, type TodosVariant } from '../producers/todos-files-app.js';

const catalog = async (variant: CatalogVariant): Promise<RunResult> => {
  const app = await startCatalog(variant, { apiKey: CATALOG_API_KEY, basic: CATALOG_BASIC });
  try {
    return await runContract({
      baseUrl: app.url,
      spec: 'test/fixtures/rich/catalog-3.1.yaml',
      contracts: false,
      seed: 7,
      maxCases: 20,
      credentials: { apiKey: CATALOG_API_KEY, basic: `${CATALOG_BASIC.username}:${CATALOG_BASIC.password}` },
    });
  } finally {
    await app.close();
  }
};

const todos = async (variant: TodosVariant): Promise<RunResult> => {
  const app = await startTodosApp(variant);
  try {
    return await runContract({
      baseUrl: app.url,
      spec: 'test/fixtures/producers/todos-files-3.0.yaml',
      contracts: false,
      seed: 7,
      maxCases: 20,
    });
  } finally {
    await app.close();
  }
};

/** The checks that failed, by case id. */
const failedChecks = (result: RunResult) =>
  result.results
    .filter((item) => item.verdict === 'failed')
    .map((item) => `${item.case.id}: ${item.findings.find((finding) => finding.severity === 'error')?.check}`);

describe('the default run judges lists', () => {
  test.each<[string, () => Promise<RunResult>, string[]]>([
    ['catalog correct', () => catalog('correct'), []],
    [
      'catalog: a list that never shows new plants',
      () => catalog('list-never-shows-new'),
      ['createPlant/stateful/plants/lifecycle: list-includes-created'],
    ],
    [
      'catalog: X-Total-Count always 0',
      () => catalog('total-count-zero'),
      ['createPlant/stateful/plants/lifecycle: total-count-matches'],
    ],
    ['todos correct', () => todos('correct'), []],
    [
      'todos: a list that never shows new todos',
      () => todos('stale-list'),
      ['createTodo/stateful/todos/lifecycle: list-includes-created'],
    ],
    [
      'todos: X-Total-Count always 0 (a page of one: the total is below the page)',
      () => todos('total-zero'),
      [
        'createTodo/stateful/todos/lifecycle: total-count-matches',
        'createTodo/stateful/todos/random-1: total-count-at-least',
      ],
    ],
  ])('%s', async (_name, start, want) => {
    expect(failedChecks(await start())).toEqual(want);
  });

  test('a list step asks for more items than the run holds, within the maximum; a page step for one', async () => {
    const app = await startTodosApp('correct');
    try {
      const result = await runContract({
        baseUrl: app.url,
        spec: 'test/fixtures/producers/todos-files-3.0.yaml',
        contracts: false,
        seed: 7,
        maxCases: 20,
      });
      const lifecycle = result.results.find((item) => item.case.id === 'createTodo/stateful/todos/lifecycle')!;
      const sizes = lifecycle
        .sequence!.steps.filter((step) => step.title.startsWith('list'))
        .map((step) => Number(new URL(step.url).searchParams.get('limit')));
      // What the earlier phases left on the server (the sequences delete their own): a list step asks for more.
      const left = (await (await fetch(`${app.url}/todos`)).json()) as unknown[];
      expect(left.length).toBeGreaterThan(5);
      expect(sizes.filter((size) => size !== 1).every((size) => size > left.length)).toBe(true);
      expect(sizes).toContain(1);
    } finally {
      await app.close();
    }
    const catalogSteps = (await catalog('correct')).results
      .find((item) => item.case.id === 'createPlant/stateful/plants/lifecycle')!
      .sequence!.steps.filter((step) => step.title === 'list plants');
    // The catalog documents `maximum: 50`: its list steps ask for that.
    expect(catalogSteps.map((step) => new URL(step.url).searchParams.get('limit'))).toEqual(['50', '50']);
  });
});
