/**
 * Cyclic schemas inside composition (a oneOf branch that is the schema
 * itself, an allOf/anyOf circle through two schemas, branches whose items
 * refer back): the diff terminates, and gives the same verdict on every
 * run, in any order, in both directions (issue 19, "Bad input").
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');
const PAIRS = ['cyclic-one-of-changed', 'cyclic-self-reference'];
const RUNS = 3;

/** Everything a verdict says, in report order. */
async function verdict(base: string, head: string): Promise<string[]> {
  const result = await diffSpecs(base, head, { cwd: fixtures });
  return result.changes.map((change) => `${change.level} ${change.id} ${change.pointer} ${change.message}`);
}

describe('cyclic composition', () => {
  it.each(PAIRS)('%s: the same verdict on every run, both ways, whatever ran before', async (name) => {
    const [base, head] = [`${name}.base.yaml`, `${name}.head.yaml`];
    const first = { forward: await verdict(base, head), backward: await verdict(head, base) };
    expect(first.forward.length).toBeGreaterThan(0);
    for (let run = 1; run < RUNS; run += 1) {
      // Backward first this time: caches filled by the other direction must not change the answer.
      const backward = await verdict(head, base);
      const forward = await verdict(base, head);
      for (const other of PAIRS) await verdict(`${other}.head.yaml`, `${other}.base.yaml`);
      expect({ forward, backward }).toEqual(first);
    }
  });
});
