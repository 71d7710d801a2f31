/**
 * Issue 18 section 2: requests reach real resources. Against the todos and
 * files app (todos-files-app.ts, which logs whether each item request found
 * a stored row), positive and negative cases on item operations name items
 * the run obtained from answers; made-up ids go only into the cases that
 * expect "not found"; a real file is downloaded; each bug that only a real
 * item shows is caught; coverage says which operations got a success.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ContractOptions } from '../../../src/contract/options.js';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunResult } from '../../../src/contract/types.js';
import type { CaseResult } from '../../../src/core/exchange/types.js';
import { startTodosApp, type TodosApp, type TodosVariant } from './todos-files-app.js';

const SPEC = 'test/fixtures/producers/todos-files-3.0.yaml';
const ITEM_OPERATIONS = ['getTodo', 'updateTodo', 'deleteTodo', 'getFile'];

let app: TodosApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function run(variant: TodosVariant, extra: Partial<ContractOptions> = {}): Promise<RunResult> {
  app = await startTodosApp(variant);
  return runContract({ baseUrl: app.url, spec: SPEC, contracts: false, seed: 5, maxCases: 20, ...extra });
}

const sent = (result: RunResult) => result.results.filter((item) => item.verdict !== 'skipped');
const onItems = (results: CaseResult[]) => results.filter((item) => ITEM_OPERATIONS.includes(item.case.operation.id));
const errors = (result: RunResult) =>
  result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.severity === 'error')
      .map((finding) => `${item.case.id}: ${finding.check}`),
  );

describe('static cases on item operations name items the server handed out', () => {
  test('positive cases reach stored rows (the server says so); made-up ids only in the not-found cases', async () => {
    const result = await run('correct', { generated: false });
    expect(errors(result)).toEqual([]);
    const positive = onItems(sent(result)).filter((item) => item.case.kind === 'positive');
    const [live, madeUp] = [
      positive.filter((item) => item.case.resource === 'live'),
      positive.filter((item) => item.case.resource === 'made-up'),
    ];
    expect(madeUp.map((item) => item.case.id).sort()).toEqual([
      'deleteTodo/not-found/id',
      'getFile/not-found/filename',
      'getTodo/not-found/id',
      'updateTodo/not-found/id',
    ]);
    expect(madeUp.map((item) => item.exchange.response?.status)).toEqual([404, 404, 404, 404]);
    expect(live.map((item) => `${item.case.id} ${item.exchange.response?.status}`)).toEqual([
      'getFile/positive/request 200',
      'getTodo/positive/request 200',
      'updateTodo/positive/minimal 200',
      'updateTodo/positive/full 200',
      'deleteTodo/positive/request 204',
    ]);
    // The server's own log: every update a positive case sent touched a stored row, and the file exists.
    const updates = live.filter((item) => item.case.operation.id === 'updateTodo');
    for (const update of updates) {
      const id = update.case.request.path.split('/').pop();
      expect(app!.log).toContain(`PUT ${id} stored`);
    }
    expect(app!.log).toContain('GET a.txt stored');
    // Each live case says where its id came from: the request that produced it.
    const [step] = updates[0]!.case.producers!;
    expect(step).toMatchObject({
      parameter: 'path:id',
      operation: 'createTodo',
      source: { from: 'body', pointer: '/id' },
    });
    expect(step!.request.method).toBe('POST');
    expect(updates[0]!.case.request.path).toBe(`/todos/${step!.value}`);
  });

  test('negative cases on an item target a stored row, so the server has to validate (no 404 to hide behind)', async () => {
    const result = await run('correct', { generated: false });
    const negative = sent(result).filter(
      (item) => item.case.operation.id === 'updateTodo' && item.case.kind === 'negative',
    );
    const body = negative.filter((item) => !item.case.id.includes('/parameter/'));
    expect(body.length).toBeGreaterThan(5);
    expect(body.every((item) => item.case.resource === 'live' && item.exchange.response?.status === 400)).toBe(true);
    expect(app!.log.filter((line) => line.endsWith(' invalid')).length).toBeGreaterThanOrEqual(body.length - 1);
    // An invalid id names nothing: it is made up, whatever the server answers.
    const ids = negative.filter((item) => item.case.id.includes('/parameter/path/id/'));
    expect(ids.map((item) => item.case.resource)).toEqual(ids.map(() => 'made-up'));
  });

  test('one case never deletes what another relies on: no live case got 404, and each DELETE deleted an item of its own', async () => {
    const result = await run('correct');
    expect(errors(result)).toEqual([]);
    const lostItems = sent(result).filter(
      (item) => item.case.resource === 'live' && item.exchange.response?.status === 404,
    );
    expect(lostItems.map((item) => item.case.id)).toEqual([]);
    const deletes = app!.log.filter((line) => line.startsWith('DELETE ') && line.endsWith(' stored'));
    expect(new Set(deletes).size).toBe(deletes.length);
  });
});

describe('bugs only a real item shows are caught', () => {
  test.each<[TodosVariant, string, string[]]>([
    // A valid update of a stored row answers 500: with made-up ids every update got 404.
    ['update-500', 'server-error', ['updateTodo/positive/minimal', 'updateTodo/positive/full']],
    // A lenient validator behind a 404 for unknown ids: only a stored row shows it takes anything.
    ['lenient-update', 'outcome', ['updateTodo/negative/missing-required/title', 'updateTodo/negative/empty-body']],
    // A real file is served with the wrong Content-Type.
    ['download-text-plain', 'content-type', ['getFile/positive/request']],
  ])('%s -> %s', async (variant, check, ids) => {
    const result = await run(variant, { generated: false });
    const failed = result.results.filter((item) => item.verdict === 'failed');
    for (const id of ids) {
      const found = failed.find((item) => item.case.id === id);
      expect(
        found?.findings.map((finding) => finding.check),
        id,
      ).toContain(check);
      expect(found?.case.resource).toBe('live');
    }
  });
});

describe('coverage per operation', () => {
  test('a correct server: every operation got a success', async () => {
    const result = await run('correct', { generated: false });
    expect(result.coverage).toMatchObject({ operations: 7, reached: 7 });
    expect(result.coverage!.byOperation.find((item) => item.operation === 'getFile')).toMatchObject({
      reached: true,
      statuses: { '200': 1, '404': 1 },
    });
  });

  test('an operation that never succeeded says why: refused, or only made-up ids', async () => {
    const result = await run('update-500', {
      generated: false,
      only: ['updateTodo', 'getFile/not-found', 'listFiles'],
    });
    const by = new Map(result.coverage!.byOperation.map((item) => [item.operation, item]));
    expect(by.get('updateTodo')).toMatchObject({
      reached: false,
      gap: 'made-up-only',
      reason: expect.stringMatching(
        /^every request used a made-up id: createTodo, listTodos never answered one; answers: /,
      ),
    });
    expect(by.get('getFile')).toMatchObject({ reached: false, gap: 'made-up-only' });
    expect(by.get('createTodo')).toMatchObject({
      reached: false,
      gap: 'not-selected',
      reason: 'no case was selected (--only/--skip)',
    });
    const refused = await run('update-500', { generated: false });
    expect(refused.coverage!.byOperation.find((item) => item.operation === 'updateTodo')).toMatchObject({
      reached: false,
      gap: 'refused',
      reason: expect.stringMatching(/^every request was refused \(400 ×\d+, 500 ×2, 404 ×1\)$/),
    });
  });
});
