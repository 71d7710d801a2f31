/**
 * Issue 13: the stateful phase against the catalog app (test/apps/catalog.ts,
 * an in-memory CRUD server with paging and X-Total-Count). The correct server
 * and the odd-but-correct ones pass; each storage bug (catalog-shelf.ts) is
 * caught by the right check, shrunk to its shortest sequence, and the
 * stateless phases alone catch none of them. Sequences replay with --seed.
 */
import { describe, expect, test } from 'vitest';
import type { ContractOptions } from '../../../src/contract/options.js';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunResult } from '../../../src/contract/types.js';
import type { CaseResult } from '../../../src/core/exchange/types.js';
import { CATALOG_API_KEY, CATALOG_BASIC, type CatalogVariant, startCatalog } from '../../apps/catalog.js';

const SPEC = 'test/fixtures/rich/catalog-3.1.yaml';

/** A run against `variant` of the catalog, credentials pinned. */
async function run(variant: CatalogVariant, extra: Partial<ContractOptions> = {}): Promise<RunResult> {
  const app = await startCatalog(variant, { apiKey: CATALOG_API_KEY, basic: CATALOG_BASIC });
  try {
    return await runContract({
      baseUrl: app.url,
      spec: SPEC,
      contracts: false,
      seed: 7,
      maxCases: 20,
      workers: 4,
      credentials: { apiKey: CATALOG_API_KEY, basic: `${CATALOG_BASIC.username}:${CATALOG_BASIC.password}` },
      ...extra,
    });
  } finally {
    await app.close();
  }
}

const stateful = (result: RunResult) => result.results.filter((item) => item.case.kind === 'stateful');
const errors = (result: RunResult) =>
  result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.severity === 'error')
      .map((finding) => `${item.case.id}: ${finding.check} ${finding.message}`),
  );
const actions = (result: CaseResult) => result.sequence!.steps.map((step) => step.title.split(' ')[0]).join(' → ');

describe('no false alarms: a correct CRUD server passes every sequence', () => {
  test.each<[string, CatalogVariant]>([
    ['random 53-bit ids', 'correct'],
    ['403 instead of 401', 'auth-403'],
    ['100 ms per response', 'slow-100ms'],
  ])('%s', async (_name, variant) => {
    const result = await run(variant, { phases: ['stateful'] });
    expect(errors(result)).toEqual([]);
    expect(stateful(result).map((item) => [item.case.id, item.verdict])).toEqual([
      ['createPlant/stateful/plants/lifecycle', 'passed'],
      ['createPlant/stateful/plants/random-1', 'passed'],
    ]);
  });
});

/** Variants that lose plants the run holds: a single request that names a live plant may get 404 already. */
const LOSES_LIVE_PLANTS = new Set<CatalogVariant>(['read-after-create-404', 'delete-removes-latest']);

/** A case that named a plant the run got from an answer, got 404, and failed `outcome` for it alone. */
const liveNotFound = (item: CaseResult) =>
  item.case.resource === 'live' &&
  item.exchange.response?.status === 404 &&
  item.findings.filter((finding) => finding.severity === 'error').every((finding) => finding.check === 'outcome');

describe('each storage bug is caught by the right check, shrunk to its shortest sequence', () => {
  test.each<[CatalogVariant, string, string | undefined]>([
    ['read-after-create-404', 'resource-available', 'create → read'],
    ['read-returns-latest', 'stored-equals-sent', 'create → create → read'],
    ['delete-no-op', 'use-after-delete', 'create → delete → read'],
    ['delete-removes-latest', 'resource-available', 'create → create → delete → read'],
    ['list-from-snapshot', 'list-includes-created', 'create → list'],
    // The count is stale from the static cases' creates already: a list alone shows it.
    ['stale-total-count', 'total-count-matches', 'list'],
    ['drops-tag', 'stored-equals-sent', 'create → read'],
    // Reads go through a cache the server's earlier items left: the shortest failing sequence depends on them.
    ['reuses-deleted-ids', 'use-after-delete', undefined],
    ['second-delete-204', 'second-delete-not-found', 'create → delete → delete'],
    ['ignores-limit', 'list-honours-limit', 'list'],
    // A 204 that carries a body: the client refuses the response (RFC 9110 section 15.3.5).
    ['delete-with-body', 'transport', 'create → delete'],
  ])('%s -> %s', async (variant, check, shrunk) => {
    const withState = await run(variant, { phases: ['stateful'] });
    const failed = stateful(withState).filter((item) => item.verdict === 'failed');
    expect(failed.length, errors(withState).join('\n')).toBeGreaterThan(0);
    expect(failed.map((item) => item.findings[0]!.check)).toEqual(failed.map(() => check));
    const lifecycle = failed.find((item) => item.case.id.endsWith('/lifecycle'))!;
    if (shrunk) expect(actions(lifecycle)).toBe(shrunk);
    expect(lifecycle.sequence!.originalSteps).toBe(16);
    // Only the sequences fail: every single-request case passed. A body on a 204 shows on any DELETE of a real plant,
    // and the static cases delete real plants (producer to consumer): they catch that one too. So do the cases that
    // name a plant the run got from an answer where the server loses it: a 404 for a live plant fails `outcome`.
    const single = withState.results.filter((item) => item.verdict === 'failed' && item.case.kind !== 'stateful');
    if (variant === 'delete-with-body')
      expect(new Set(single.map((item) => item.case.operation.id))).toEqual(new Set(['deletePlant']));
    else if (LOSES_LIVE_PLANTS.has(variant)) expect(single.filter((item) => !liveNotFound(item))).toEqual([]);
    else expect(single).toEqual([]);
    // Every read of a plant the run created gets 404: the static read of a live plant shows it on its own.
    if (variant === 'read-after-create-404')
      expect(single.map((item) => item.case.id)).toContain('getPlant/positive/request');

    const stateless = await run(variant, { stateful: false });
    if (variant === 'delete-with-body') {
      // Deleting a real plant is enough: the static and generated DELETEs catch it without a sequence.
      expect(errors(stateless).length).toBeGreaterThan(0);
      expect(errors(stateless).filter((line) => !line.startsWith('deletePlant/'))).toEqual([]);
    } else if (LOSES_LIVE_PLANTS.has(variant)) {
      const failed = stateless.results.filter((item) => item.verdict === 'failed');
      expect(failed.filter((item) => !liveNotFound(item))).toEqual([]);
      if (variant === 'read-after-create-404') expect(failed.length).toBeGreaterThan(0);
    } else expect(errors(stateless), 'the static and generated cases alone catch nothing').toEqual([]);
    expect(stateful(stateless)).toEqual([]);
  });

  test('the id reuse bug names the item the reused id serves', async () => {
    const result = await run('reuses-deleted-ids', { phases: ['stateful'] });
    const [finding] = stateful(result).find((item) => item.verdict === 'failed')!.findings;
    expect(finding!.message).toMatch(
      /^id \d+ now names the plant created in step \d+, yet the read serves the one deleted in step \d+$/,
    );
  });
});

describe('sequences', () => {
  test('the same --seed plans the same sequences with the same bodies; another seed others', async () => {
    const plan = (result: RunResult) =>
      stateful(result).map((item) =>
        item.sequence!.steps.map((step) => `${step.title} ${step.request.method} ${step.request.body ?? ''}`),
      );
    const first = plan(await run('correct', { phases: ['stateful'], seed: 11, maxCases: 60 }));
    const again = plan(await run('correct', { phases: ['stateful'], seed: 11, maxCases: 60 }));
    const other = plan(await run('correct', { phases: ['stateful'], seed: 12, maxCases: 60 }));
    expect(first).toHaveLength(4);
    expect(again).toEqual(first);
    expect(other.slice(1)).not.toEqual(first.slice(1));
  });

  test('values come from earlier responses: every item step names the id its create got back', async () => {
    const [lifecycle] = stateful(await run('correct', { phases: ['stateful'] }));
    const steps = lifecycle!.sequence!.steps;
    expect(steps.map((step) => step.title)).toEqual([
      'create plant #1',
      'read plant #1',
      'create plant #2',
      'list plants',
      'list plants, 1 per page',
      'update plant #1',
      'read plant #1',
      'delete plant #1',
      'read plant #2',
      'read plant #1',
      'delete plant #1',
      'list plants',
      'delete plant #2',
      'create plant #3',
      'read plant #3',
      'delete plant #3',
    ]);
    const first = /\/plants\/(\d+)$/.exec(steps[1]!.request.path)![1];
    expect(
      steps
        .filter((step) => step.title.endsWith('#1') && step.request.method !== 'POST')
        .every((step) => step.request.path.endsWith(`/plants/${first}`)),
    ).toBe(true);
    expect(steps[3]!.request.path).toBe('/plants?limit=50&offset=0');
    expect(steps[4]!.request.path).toBe('/plants?limit=1&offset=0');
    expect(steps.map((step) => step.status)).toEqual([
      201, 200, 201, 200, 200, 200, 200, 204, 200, 404, 404, 200, 204, 201, 200, 204,
    ]);
  });

  test('--phases and --no-stateful choose; --no-generated sends the static cases only', async () => {
    expect(stateful(await run('correct', { phases: ['boundary'] }))).toEqual([]);
    expect(stateful(await run('correct', { generated: false }))).toEqual([]);
    const only = await run('correct', { only: ['*/stateful/plants/lifecycle'] });
    expect(only.results.map((item) => item.case.id)).toEqual(['createPlant/stateful/plants/lifecycle']);
  });
});
