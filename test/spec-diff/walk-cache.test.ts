/**
 * The walk cache (walk-cache.ts, schema-walks.ts) changes no verdict: every
 * fixture pair gives the same result, change for change and in the same
 * order, whether the walk rules are served from the cache or run the old
 * way over the whole comparison (the same rules without `checkPairs`). A
 * root pair met under several operations reports under each with its own
 * labels, and labels that look like replacement patterns stay as written.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs, type SpecDiffResult } from '../../src/spec-diff/diff-specs.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';
import type { DiffRule } from '../../src/spec-diff/types.js';
import { createWalkCache, PLACEHOLDER_MARK, PLACEHOLDERS, replay } from '../../src/spec-diff/walk-cache.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');
const NOW = new Date('2026-06-01T00:00:00Z');

/** The registered rules as a custom rule list: `check` only, so nothing is served from the cache. */
const UNCACHED: DiffRule[] = DIFF_RULES.map(({ id, level, summary, check }) => ({ id, level, summary, check }));

/** The result, or the error a diff fails with (both runs must fail alike). */
async function outcome(base: string, head: string, rules: readonly DiffRule[]): Promise<SpecDiffResult | string> {
  try {
    return await diffSpecs(base, head, { cwd: fixtures, now: NOW, rules });
  } catch (error) {
    return String(error);
  }
}

describe('walk cache: A/B over every fixture pair', async () => {
  const names = (await readdir(fixtures))
    .filter((file) => /\.base\.(yaml|yml|json)$/.test(file))
    .map((file) => [file, file.replace('.base.', '.head.')] as const);

  it('finds the fixture pairs', () => {
    expect(names.length).toBeGreaterThan(100);
  });

  it.each(names)('%s: cached and uncached results are identical, in order', async (base, head) => {
    const cached = await outcome(base, head, DIFF_RULES);
    expect(cached).toEqual(await outcome(base, head, UNCACHED));
    // Both ways: the head as base exercises the other direction of every rule.
    expect(await outcome(head, base, DIFF_RULES)).toEqual(await outcome(head, base, UNCACHED));
  });
});

/**
 * A query parameter and a response schema shared by two operations (the
 * same Schema Objects after dereferencing). Node refers to itself, so
 * it stays a `$ref` and its pointers are absolute: they are not re-prefixed.
 */
function sharedSpec(maxLength: number, values: string[]): object {
  const plant = {
    type: 'object',
    properties: { name: { type: 'string', maxLength } },
  };
  const node = {
    type: 'object',
    properties: { label: { type: 'string', maxLength }, next: { $ref: '#/components/schemas/Node' } },
  };
  const content = (name: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } });
  const responses = {
    200: { description: 'A plant', content: content('Plant') },
    203: { description: 'A node', content: content('Node') },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Shared', version: '1.0.0' },
    paths: {
      '/plants/{id}': {
        get: { parameters: [{ $ref: '#/components/parameters/Kind' }], responses },
        put: { parameters: [{ $ref: '#/components/parameters/Kind' }], responses },
      },
    },
    components: {
      parameters: { Kind: { name: 'kind$&', in: 'query', schema: { type: 'string', enum: values } } },
      schemas: { Plant: plant, Node: node },
    },
  };
}

describe('walk cache: replayed labels', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'plantkit-walk-cache-'));
    await writeFile(path.join(directory, 'base.json'), JSON.stringify(sharedSpec(10, ['tree', 'herb'])));
    await writeFile(path.join(directory, 'head.json'), JSON.stringify(sharedSpec(20, ['tree'])));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('reports a change in a shared schema under each operation, with its names and pointers', async () => {
    const result = await diffSpecs('base.json', 'head.json', { cwd: directory, now: NOW });
    const seen = result.changes.map((change) => [change.id, change.operation, change.pointer, change.message]);
    expect(seen).toEqual([
      [
        'request-enum-narrowed',
        'GET /plants/{id}',
        '/paths/~1plants~1{id}/get/parameters/0/schema',
        `query parameter 'kind$&': enum value "herb" removed`,
      ],
      [
        'request-enum-narrowed',
        'PUT /plants/{id}',
        '/paths/~1plants~1{id}/put/parameters/0/schema',
        `query parameter 'kind$&': enum value "herb" removed`,
      ],
      [
        'response-max-length-raised',
        'GET /plants/{id}',
        '/paths/~1plants~1{id}/get/responses/200/content/application~1json/schema/properties/name',
        "response 200 (application/json) property 'name': maxLength raised from 10 to 20",
      ],
      [
        'response-max-length-raised',
        'GET /plants/{id}',
        '/components/schemas/Node/properties/label',
        "response 203 (application/json) property 'label': maxLength raised from 10 to 20",
      ],
      [
        'response-max-length-raised',
        'PUT /plants/{id}',
        '/paths/~1plants~1{id}/put/responses/200/content/application~1json/schema/properties/name',
        "response 200 (application/json) property 'name': maxLength raised from 10 to 20",
      ],
      [
        'response-max-length-raised',
        'PUT /plants/{id}',
        '/components/schemas/Node/properties/label',
        "response 203 (application/json) property 'label': maxLength raised from 10 to 20",
      ],
    ]);
    const uncached = await diffSpecs('base.json', 'head.json', { cwd: directory, now: NOW, rules: UNCACHED });
    expect(uncached).toEqual(result);
  });
});

describe('walk cache: bound', () => {
  it('keeps at most its limit of root pairs; a pair beyond it is not kept', () => {
    const cache = createWalkCache(1);
    const [a, b, c] = [{}, {}, {}];
    cache.set(a, b, 'request', false, [[]]);
    cache.set(a, c, 'request', false, [[]]);
    expect(cache.get(a, b, 'request', false)).toEqual([[]]);
    expect(cache.get(a, c, 'request', false)).toBeUndefined();
    expect(cache.get(a, b, 'response', false)).toBeUndefined();
    expect(cache.get(a, b, 'request', true)).toBeUndefined();
  });
});

describe('walk cache: replay', () => {
  const { operation, name, baseAt, headAt } = PLACEHOLDERS;
  const labels = { operation: 'GET /a/{id}', name: "query parameter 'x$&'", baseAt: '/paths/b', headAt: '/paths/h' };
  it.each<[string, { given: string; want: string }]>([
    ['no placeholder', { given: '/components/schemas/Node', want: '/components/schemas/Node' }],
    ['the whole text', { given: operation, want: 'GET /a/{id}' }],
    ['at the start', { given: `${headAt}/properties/a`, want: '/paths/h/properties/a' }],
    [
      'several, anywhere',
      { given: `${name}: ${baseAt} to ${headAt}`, want: "query parameter 'x$&': /paths/b to /paths/h" },
    ],
    ['adjacent, at the end', { given: `at ${name}${name}`, want: "at query parameter 'x$&'query parameter 'x$&'" }],
    [
      'the mark without a letter stays',
      { given: `${PLACEHOLDER_MARK}x\u0000 ${name}`, want: `${PLACEHOLDER_MARK}x\u0000 query parameter 'x$&'` },
    ],
  ])('%s', (_, { given, want }) => {
    const hit = { operation: given, pointer: given, side: 'head' as const, message: given };
    expect(replay(hit, labels)).toEqual({ operation: want, pointer: want, side: 'head', message: want });
  });
});
