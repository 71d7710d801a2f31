/**
 * The split walk (walk-split.ts): a comparison's distinct root pairs walked
 * in two parts, one by a worker, give the same changes, in the same order, as
 * one thread walking them all. In-process first (the worker's side run as a
 * function, its hits encoded and decoded as they cross threads), then with
 * the real worker thread of the built dist/, and how a failing worker ends.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlantkitError } from '../../src/core/errors.js';
import { compareSpecs } from '../../src/spec-diff/comparison.js';
import type { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { loadForDiff } from '../../src/spec-diff/load-for-diff.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';
import { PLACEHOLDER_MARK } from '../../src/spec-diff/walk-cache.js';
import { planSplit, type WalkPartRequest, walkSplit, walkWorkerPart } from '../../src/spec-diff/walk-split.js';
import { startWalkThread, workerExecArgv } from '../../src/spec-diff/walk-thread.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(here, '../..');
const fixtures = path.join(ROOT, 'test/fixtures/spec-diff');
const NOW = new Date('2026-06-01T00:00:00Z');
const WALK_RULES = DIFF_RULES.filter((rule) => rule.checkPairs !== undefined);

/**
 * A spec whose component schemas form one cycle through `anyOf` ("an id or
 * the object", as Stripe's expandable fields): every response reaches every
 * schema. `changed` edits a few of them, so the walks report in many places.
 */
function cyclicSpec(count: number, changed: boolean): object {
  const schemas: Record<string, object> = {};
  for (let i = 0; i < count; i += 1) {
    const next = `#/components/schemas/s${(i + 1) % count}`;
    const properties: Record<string, object> = {
      id: { type: 'string', maxLength: changed && i % 3 === 0 ? 20 : 40 },
      status: { type: 'string', enum: changed && i % 4 === 0 ? ['a', 'b'] : ['a', 'b', 'c'] },
      link: { anyOf: [{ type: 'string' }, { $ref: next }] },
      links: { type: 'array', items: { anyOf: [{ type: 'string' }, { $ref: next }] } },
    };
    if (changed && i % 5 === 0) properties.extra = { type: 'integer' };
    schemas[`s${i}`] = { type: 'object', required: changed && i % 6 === 0 ? ['id', 'status'] : ['id'], properties };
  }
  const paths: Record<string, object> = {};
  for (let i = 0; i < count; i += 1) {
    const ref = { $ref: `#/components/schemas/s${i}` };
    paths[`/s${i}/{id}`] = {
      get: {
        operationId: `get${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } },
      },
      post: {
        operationId: `post${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: ref } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'cycle', version: changed ? '2' : '1' }, paths, components: { schemas } };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plantkit-walk-split-'));
  await writeFile(path.join(dir, 'base.json'), JSON.stringify(cyclicSpec(24, false)));
  await writeFile(path.join(dir, 'head.json'), JSON.stringify(cyclicSpec(24, true)));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The walk rules' hits of a comparison of `base` and `head`, walked by one thread, or split with the worker's part run in-process. */
async function walkHits(base: string, head: string, cwd: string, split: boolean) {
  const settings = { cwd, allowExternalRefs: false };
  const [b, h] = await Promise.all([loadForDiff(base, settings), loadForDiff(head, settings)]);
  const { walks } = compareSpecs(b, h, NOW, WALK_RULES, split);
  const distinct = walks.distinct();
  let workerPart: number[] = [];
  if (split) {
    const request: WalkPartRequest = {
      base,
      head,
      ...settings,
      now: NOW.getTime(),
      ruleIds: WALK_RULES.map((rule) => rule.id),
      mark: PLACEHOLDER_MARK,
      minCost: 0,
    };
    const encoded = await walkWorkerPart(request);
    workerPart = encoded.indexes;
    await walkSplit(walks, { base: b.document, head: h.document }, WALK_RULES.length, 0, Promise.resolve(encoded));
    // Every pair has its hits now: the worker's part came from the encoded hits, not from a walk here.
    expect(distinct.every((entry) => entry.hits !== undefined)).toBe(true);
  }
  return { hits: WALK_RULES.map((rule) => walks.hits(rule)), distinct: distinct.length, workerPart };
}

describe('split walk, in-process', () => {
  it('plans two parts that cover every distinct root pair once, balanced by cost', async () => {
    const settings = { cwd: dir, allowExternalRefs: false };
    const [b, h] = await Promise.all([loadForDiff('base.json', settings), loadForDiff('head.json', settings)]);
    const distinct = compareSpecs(b, h, NOW, WALK_RULES, true).walks.distinct();
    const plan = planSplit(distinct, { base: b.document, head: h.document });
    expect([...plan.parts[0], ...plan.parts[1]].sort((x, y) => x - y)).toEqual(distinct.map((_, index) => index));
    expect(Math.abs(plan.parts[0].length - plan.parts[1].length)).toBeLessThanOrEqual(2);
    expect(plan.cost).toBeGreaterThan(0);
  });

  it('gives the hits of one walk, in order, on a cyclic anyOf graph', async () => {
    const one = await walkHits('base.json', 'head.json', dir, false);
    const split = await walkHits('base.json', 'head.json', dir, true);
    expect(split.workerPart.length).toBeGreaterThan(10);
    expect(split.hits.flat().length).toBeGreaterThan(100);
    expect(split.hits).toEqual(one.hits);
  });

  const pairs = [
    'cyclic-one-of-changed',
    'cyclic-self-reference',
    'request-any-of-branch-removed',
    'request-all-of-one-of-narrowed',
  ].map((name) => [name, `${name}.base.yaml`, `${name}.head.yaml`] as const);
  it.each(pairs)('%s: the same hits split and whole, both ways', async (_, base, head) => {
    expect((await walkHits(base, head, fixtures, true)).hits).toEqual(
      (await walkHits(base, head, fixtures, false)).hits,
    );
    expect((await walkHits(head, base, fixtures, true)).hits).toEqual(
      (await walkHits(head, base, fixtures, false)).hits,
    );
  });
});

/** Threads of this process (Linux): a worker left running shows here. */
async function threadCount(): Promise<number> {
  return (await readdir('/proc/self/task')).length;
}

describe('split walk, with the worker thread of the built dist/', () => {
  const built = path.join(ROOT, 'dist/spec-diff/diff-specs.js');
  type Diff = typeof diffSpecs;
  const load = async (): Promise<Diff> => {
    expect(existsSync(built), 'run npm run build first').toBe(true);
    return ((await import(pathToFileURL(built).href)) as { diffSpecs: Diff }).diffSpecs;
  };

  it('reports the same changes, in the same order, as the diff in one thread, and leaves no thread behind', async () => {
    const diff = await load();
    const options = { cwd: dir, now: NOW };
    const whole = await diff('base.json', 'head.json', options);
    const before = await threadCount();
    // The worker is seen running: the split path was taken, not the thread's own walk.
    let most = before;
    const sampler = setInterval(() => {
      void threadCount().then((count) => {
        most = Math.max(most, count);
      });
    }, 5);
    const parallel = { minBytes: 0, minCost: 0, maxLoad: Number.POSITIVE_INFINITY };
    const split = await diff('base.json', 'head.json', { ...options, parallel }).finally(() => clearInterval(sampler));
    expect(most).toBeGreaterThan(before);
    expect(whole.changes.length).toBeGreaterThan(100);
    expect(split).toEqual(whole);
    await expect.poll(threadCount).toBeLessThanOrEqual(before);
  });

  it('walks a plan below minCost in one thread and ends the worker at once', async () => {
    const diff = await load();
    const options = { cwd: dir, now: NOW };
    const whole = await diff('base.json', 'head.json', options);
    const before = await threadCount();
    const parallel = { minBytes: 0, minCost: Number.POSITIVE_INFINITY, maxLoad: Number.POSITIVE_INFINITY };
    expect(await diff('base.json', 'head.json', { ...options, parallel })).toEqual(whole);
    await expect.poll(threadCount).toBeLessThanOrEqual(before);
  });

  it('ends the worker when the diff fails', async () => {
    const diff = await load();
    await writeFile(path.join(dir, 'broken.json'), '{"openapi": "3.0.3", "paths": {"/a": {"$ref": "#/nowhere"}}}');
    await diff('base.json', 'head.json', { cwd: dir, now: NOW });
    const before = await threadCount();
    const failed = diff('base.json', 'broken.json', {
      cwd: dir,
      now: NOW,
      parallel: { minBytes: 0, minCost: 0, maxLoad: Number.POSITIVE_INFINITY },
    });
    await expect(failed).rejects.toMatchObject({ code: 'PLANTKIT_SPEC_INVALID' });
    await expect.poll(threadCount).toBeLessThanOrEqual(before);
  });
});

describe('a failing worker', () => {
  const request: WalkPartRequest = {
    base: 'base.json',
    head: 'head.json',
    cwd: ROOT,
    allowExternalRefs: false,
    now: 0,
    ruleIds: [],
    mark: PLACEHOLDER_MARK,
    minCost: 0,
  };
  const cases = [
    ['throws', 'throw new Error("walk failed\\n    at somewhere");', 'failed: walk failed'],
    ['exits without answering', 'process.exit(3);', 'it stopped (exit code 3) before it answered'],
  ] as const;
  it.each(cases)('%s: one PLANTKIT_IO fault of one line', async (_, body, says) => {
    const file = path.join(dir, `worker-${says.length}.mjs`);
    await writeFile(file, body);
    const thread = startWalkThread(request, pathToFileURL(file));
    const fault = await thread.hits.then(
      () => undefined,
      (error: unknown) => error,
    );
    await thread.stop();
    expect(isPlantkitError(fault)).toBe(true);
    expect(fault).toMatchObject({ code: 'PLANTKIT_IO' });
    expect((fault as Error).message).toContain(says);
    expect((fault as Error).message).not.toContain('\n');
  });
});

it.each<[string, string[], string[]]>([
  ['a -e script with --input-type (the bench, any node -e caller)', ['--input-type=module', '-e', 'code'], []],
  ['the spaced forms', ['--input-type', 'module', '--eval', 'code', '-p', 'x'], []],
  [
    'heap and other flags stay',
    ['--max-old-space-size=4096', '--input-type=module', '--print=1', '--enable-source-maps'],
    ['--max-old-space-size=4096', '--enable-source-maps'],
  ],
])('a worker takes the Node options it can run with: %s', (_name, given, want) => {
  expect(workerExecArgv(given)).toEqual(want);
});
