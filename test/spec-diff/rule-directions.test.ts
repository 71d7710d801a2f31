/**
 * Walk rules that declare a direction (DiffRule.direction) are skipped on
 * walks of the other direction (sub-walks.ts, piecesHits): that is only the
 * same result if such a rule reports nothing there. Every fixture pair, both
 * ways: each rule with a direction, given only the pairs of the other
 * direction, reports nothing; given those of its own, what it reports over
 * all pairs.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/core/validation/schema-view.js';
import { compareSpecs } from '../../src/spec-diff/comparison.js';
import { loadForDiff } from '../../src/spec-diff/load-for-diff.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';
import { piecesHits } from '../../src/spec-diff/sub-walks.js';
import type { SchemaPairs } from '../../src/spec-diff/types.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');
const NOW = new Date('2026-06-01T00:00:00Z');
const DIRECTED = DIFF_RULES.filter((rule) => rule.checkPairs !== undefined && rule.direction !== undefined);

/** The pairs of `pairs` of one direction. */
function only(pairs: SchemaPairs, direction: Direction): SchemaPairs {
  return {
    schemas: pairs.schemas.filter((pair) => pair.direction === direction),
    properties: pairs.properties.filter((pair) => pair.direction === direction),
    variants: pairs.variants.filter((pair) => pair.direction === direction),
  };
}

/** Every pair of the comparison of `base` and `head` (fixture names), or undefined when one cannot be loaded. */
async function pairsOf(base: string, head: string): Promise<SchemaPairs | undefined> {
  const settings = { cwd: fixtures, allowExternalRefs: false };
  try {
    const [b, h] = await Promise.all([loadForDiff(base, settings), loadForDiff(head, settings)]);
    const { comparison } = compareSpecs(b, h, NOW);
    return { schemas: comparison.schemas, properties: comparison.properties, variants: comparison.variants };
  } catch {
    return undefined;
  }
}

describe('walk rules with a direction', async () => {
  const names = (await readdir(fixtures))
    .filter((file) => /\.base\.(yaml|yml|json)$/.test(file))
    .map((file) => [file, file.replace('.base.', '.head.')] as const);

  it('are most schema rules, of both directions', () => {
    expect(DIRECTED.filter((rule) => rule.direction === 'request').length).toBeGreaterThan(15);
    expect(DIRECTED.filter((rule) => rule.direction === 'response').length).toBeGreaterThan(15);
  });

  it.each(names)('%s: report nothing on pairs of the other direction, both ways', async (base, head) => {
    for (const [from, to] of [
      [base, head],
      [head, base],
    ] as const) {
      const pairs = await pairsOf(from, to);
      if (!pairs) continue;
      for (const rule of DIRECTED) {
        const other: Direction = rule.direction === 'request' ? 'response' : 'request';
        expect(rule.checkPairs!(only(pairs, other)), rule.id).toEqual([]);
        expect(rule.checkPairs!(only(pairs, rule.direction!)), rule.id).toEqual(rule.checkPairs!(pairs));
        // The walk skips the call: no hits for pieces of the other direction, the same for its own.
        expect(piecesHits([pairs], rule, 0, other)).toEqual([]);
        expect(piecesHits([pairs], rule, 0, rule.direction)).toEqual(rule.checkPairs!(pairs));
      }
    }
  });
});
