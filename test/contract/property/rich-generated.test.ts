/**
 * Issue 14: generated cases extend to parameters (path, query, header,
 * cookie, in their styles) and to bodies of any media type a codec writes
 * (form, multipart, text, XML), with the same shrinking, seeds and
 * re-validation. Against the correct reference apps of the rich fixture
 * specs they raise no false alarm over several seeds; bugs that only some
 * parameter or form values trigger are caught (static cases miss them),
 * shrunk, and replayed by --seed.
 */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunResult } from '../../../src/contract/types.js';
import type { CaseResult } from '../../../src/core/exchange/types.js';
import { type RecordedExchange, startRecordingFront } from '../../support/fronts.js';
import { NO_BUDGET_CUT } from '../../support/no-budget-cut.js';
import { failures, runAgainst, TARGETS } from '../../support/rich-targets.js';

const GENERATED_ONLY = { only: ['*/generated'] };

const generatedIds = (result: RunResult) =>
  result.results
    .filter((item) => item.case.kind === 'generated' && item.verdict !== 'skipped')
    .map((item) => item.case.id);

describe('correct apps: generated parameter and body cases raise no false alarm', () => {
  test.each([
    // Each with ids that show which parts were generated: parameters in every location, and non-JSON bodies.
    [
      'catalog',
      [
        'listPlants/generated/boundary/query/offset/int64-max',
        'createPlant/generated/boundary/header/X-Request-Id/bad-format',
        'getCatalogEntry/generated/boundary/cookie/lang/enum-2',
        'getPlant/generated/boundary/path/plantId/int64-max',
        'createPlant/generated/boundary/name/cjk',
      ],
    ],
    [
      'forms',
      [
        'search/generated/boundary/query/filter/height/zero',
        'search/generated/boundary/query/ids/empty-array',
        'orderSeeds/generated/boundary/variety/accents',
        'uploadPhoto/generated/boundary/caption/max-length',
        'addNote/generated/boundary/body/emoji-astral',
        'addNote/generated/boundary/body/too-long',
      ],
    ],
    ['pots', ['listPots/generated/positive', 'listPots/generated/negative']],
    ['greenhouse', ['openVents/generated/boundary/percent/maximum', 'openVents/generated/negative']],
  ] as const)(
    '%s, seeds 1 to 3',
    async (name, expected) => {
      for (const seed of [1, 2, 3]) {
        const result = await runAgainst(TARGETS[name], 'correct', true, { ...GENERATED_ONLY, seed, maxCases: 50 });
        expect(failures(result), `seed ${seed}`).toEqual([]);
        expect(
          result.results
            .filter((item) => item.verdict === 'skipped')
            .map((item) => `${item.case.id}: ${item.case.skip}`),
          `seed ${seed}`,
        ).toEqual([]);
        expect(generatedIds(result)).toEqual(expect.arrayContaining([...expected]));
      }
    },
    120_000,
  );
});

/** The one failing generated result whose id starts with `prefix`, with its check. */
function caught(result: RunResult, check: string): CaseResult[] {
  return result.results.filter(
    (item) =>
      item.case.kind === 'generated' &&
      item.verdict === 'failed' &&
      item.findings.some((finding) => finding.check === check),
  );
}

describe('bugs only generated values reach', () => {
  test('a valid cookie value refused (catalog rejects-lang-fr): static cases pass, the lang=fr edge fails the outcome check', async () => {
    expect(failures(await runAgainst(TARGETS.catalog, 'rejects-lang-fr', true, { generated: false }))).toEqual([]);
    const result = await runAgainst(TARGETS.catalog, 'rejects-lang-fr');
    const found = caught(result, 'outcome');
    expect(found.map((item) => item.case.id)).toContain('getCatalogEntry/generated/boundary/cookie/lang/enum-2');
    expect(found.every((item) => item.case.request.headers.cookie === 'lang=fr')).toBe(true);
  });

  test('a query value beyond int32 crashes the server (catalog offset-int32): found by the edges and by random values, shrunk to 2147483648', async () => {
    expect(failures(await runAgainst(TARGETS.catalog, 'offset-int32', true, { generated: false }))).toEqual([]);
    const result = await runAgainst(TARGETS.catalog, 'offset-int32', true, { maxCases: 100 });
    const found = caught(result, 'server-error');
    expect(found.map((item) => item.case.id)).toEqual(
      expect.arrayContaining(['listPlants/generated/boundary/query/offset/int64-max', 'listPlants/generated/positive']),
    );
    // Integers shrink towards zero: the smallest offset that still fails is the first beyond int32.
    for (const item of found) expect(item.case.request.path).toMatch(/[?&]offset=2147483648(&|$)/);
    const random = found.find((item) => item.case.id === 'listPlants/generated/positive')!;
    expect(random.generated?.original).toMatch(/^GET \/plants\?/);
    expect(random.generated?.shrinks).toBeGreaterThan(0);
  });

  test('a form field refused for valid non-ASCII text (forms ascii-variety): shrunk to the shortest variety, one character beyond ASCII', async () => {
    expect(failures(await runAgainst(TARGETS.forms, 'ascii-variety', true, { generated: false }))).toEqual([]);
    for (const seed of [1, 2]) {
      const result = await runAgainst(TARGETS.forms, 'ascii-variety', true, { seed, maxCases: 100 });
      const found = caught(result, 'outcome');
      expect(
        found.map((item) => item.case.id),
        `seed ${seed}`,
      ).toContain('orderSeeds/generated/positive');
      for (const item of found) {
        const variety = new URLSearchParams(item.case.request.body).get('variety')!;
        // minLength 2: the smallest failing variety has two characters, at least one beyond ASCII.
        expect([...variety], `seed ${seed}: ${item.case.id}`).toHaveLength(2);
        expect(/[^\x00-\x7f]/.test(variety)).toBe(true);
      }
    }
  });
});

describe('--seed replays parameter and body cases request for request', () => {
  test.each(['catalog', 'forms'] as const)('%s', async (name) => {
    // The apps hand out random ids, which the cases then name (producer to consumer): the same seed sends the same
    // requests once each id the server handed out is read as "the n-th id it handed out".
    const sent = async (seed: number) => {
      const app = await TARGETS[name].start('correct', true);
      const front = await startRecordingFront(app.url);
      try {
        await runContract({
          baseUrl: front.url,
          spec: TARGETS[name].spec,
          contracts: false,
          maxCases: 20,
          ...TARGETS[name].options,
          ...GENERATED_ONLY,
          seed,
          workers: 1,
          // A replay is compared request for request: no time budget may cut either run.
          ...NO_BUDGET_CUT,
        });
        return withHandedOutIds(front.exchanges).map(({ method, target, body, rawHeaders }) => ({
          method,
          target,
          body,
          cookie: rawHeaders.find(([header]) => header.toLowerCase() === 'cookie')?.[1],
          contentType: rawHeaders.find(([header]) => header.toLowerCase() === 'content-type')?.[1],
        }));
      } finally {
        await front.close();
        await app.close();
      }
    };
    const first = await sent(11);
    expect(first.length).toBeGreaterThan(100);
    expect(await sent(11)).toEqual(first);
    expect(await sent(12)).not.toEqual(first);
  });
});

/** The exchanges with every id the server handed out (id-like fields, Location) in requests written `{id n}`. */
function withHandedOutIds(exchanges: readonly RecordedExchange[]): Array<{
  method: string;
  target: string;
  body: string;
  rawHeaders: Array<[string, string]>;
}> {
  const ids = new Map<string, string>();
  const rename = (text: string) =>
    text.replace(/[^/?&=]+/g, (segment) => ids.get(decodeURIComponent(segment)) ?? segment);
  return exchanges.map((exchange) => {
    const renamed = {
      method: exchange.method,
      target: rename(exchange.target),
      body: exchange.body.toString('utf8'),
      rawHeaders: exchange.rawHeaders,
    };
    const found = exchange.responseBody.toString('utf8').matchAll(/"(?:id|photoId)"\s*:\s*"?([^",}\s]+)/g);
    for (const [, id] of found) if (!ids.has(id!)) ids.set(id!, `{id ${ids.size + 1}}`);
    return renamed;
  });
}
