/**
 * The documented policy (docs/spec-checks.md, "Where plantkit is stricter"):
 * each rule where plantkit's level differs from other tools' keeps its
 * level, the row in the docs says so, and a `plantkit-diff.yaml` that sets
 * the other tools' level gives that reading on the same fixture pair.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { loadDiffPolicy } from '../../src/spec-diff/policy/load-policy.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../fixtures/spec-diff');
const root = path.join(here, '../..');

type Level = 'breaking' | 'warning' | 'info';

/** [rule id, fixture pair showing the case, plantkit's level, the level other tools give ('off': not reported)] */
const POLICY: Array<[string, { fixture: string; plantkit: Level; elsewhere: Level | 'off' }]> = [
  ['request-max-length-narrowed', { fixture: 'request-max-length-added', plantkit: 'breaking', elsewhere: 'warning' }],
  ['request-range-narrowed', { fixture: 'request-range-narrowed', plantkit: 'breaking', elsewhere: 'warning' }],
  ['response-enum-value-added', { fixture: 'response-enum-value-added', plantkit: 'breaking', elsewhere: 'warning' }],
  ['security-added', { fixture: 'security-added', plantkit: 'breaking', elsewhere: 'info' }],
  ['security-added', { fixture: 'security-added-globally', plantkit: 'breaking', elsewhere: 'info' }],
  ['security-changed', { fixture: 'security-scope-added', plantkit: 'breaking', elsewhere: 'info' }],
  [
    'response-property-removed',
    { fixture: 'response-optional-property-removed', plantkit: 'breaking', elsewhere: 'warning' },
  ],
  ['request-parameter-removed', { fixture: 'request-parameter-removed', plantkit: 'breaking', elsewhere: 'warning' }],
  ['request-default-changed', { fixture: 'request-default-changed', plantkit: 'warning', elsewhere: 'breaking' }],
  [
    'request-discriminator-value-removed',
    { fixture: 'request-discriminator-value-removed', plantkit: 'breaking', elsewhere: 'info' },
  ],
  [
    'response-discriminator-value-added',
    { fixture: 'response-discriminator-value-added', plantkit: 'breaking', elsewhere: 'info' },
  ],
  [
    'request-parameter-style-changed',
    { fixture: 'request-parameter-style-changed', plantkit: 'breaking', elsewhere: 'off' },
  ],
];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plantkit-diff-documented-policy-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The levels the diff of `fixture` reports for `id` under `levels`. */
async function levelsOf(id: string, fixture: string, levels: Record<string, Level | 'off'> = {}): Promise<string[]> {
  const result = await diffSpecs(`${fixture}.base.yaml`, `${fixture}.head.yaml`, { cwd: fixtures, levels });
  return [...new Set(result.changes.filter((change) => change.id === id).map((change) => change.level))];
}

describe('documented policy', () => {
  it.each(POLICY)('%s is %j by default', async (id, { fixture, plantkit }) => {
    expect(DIFF_RULES.find((rule) => rule.id === id)?.level).toBe(plantkit);
    expect(await levelsOf(id, fixture)).toEqual([plantkit]);
  });

  it.each(POLICY)('%s follows plantkit-diff.yaml to the other reading (%j)', async (id, { fixture, elsewhere }) => {
    const config = path.join(dir, `${id}.yaml`);
    await writeFile(config, `levels:\n  ${id}: ${elsewhere}\n`);
    const policy = await loadDiffPolicy({ cwd: dir, config });
    expect(await levelsOf(id, fixture, policy.levels)).toEqual(elsewhere === 'off' ? [] : [elsewhere]);
  });

  it('is a table in docs/spec-checks.md with both levels of every row', async () => {
    const docs = await readFile(path.join(root, 'docs/spec-checks.md'), 'utf8');
    const rows = docs.split('\n').filter((line) => line.startsWith('| `'));
    for (const [id, { plantkit, elsewhere }] of POLICY) {
      const row = rows.find((line) => line.startsWith(`| \`${id}\` |`) && line.split(' | ').length >= 5);
      expect(row, id).toBeDefined();
      const cells = row!.split(' | ');
      expect([cells[2], cells[3]?.split(' ')[0]], id).toEqual([plantkit, elsewhere]);
    }
  });
});
