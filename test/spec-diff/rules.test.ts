/**
 * Every diff rule against a fixture pair (test/fixtures/spec-diff/<case>.base.yaml
 * and .head.yaml), asserting the exact rule ids reported; meaning-preserving
 * refactors must report nothing; no spec diffed against itself has a change.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../fixtures/spec-diff');
const root = path.join(here, '../..');

/** [case, rule ids the diff must report, exactly] */
const CASES: Array<[string, string[]]> = [
  ['api-path-removed', ['api-path-removed']],
  ['api-operation-removed', ['api-operation-removed']],
  ['api-operation-added', ['api-operation-added']],
  ['request-parameter-added-required', ['request-parameter-added-required']],
  ['request-parameter-added-optional', ['request-parameter-added-optional']],
  ['request-parameter-became-required', ['request-parameter-became-required']],
  ['request-parameter-removed', ['request-parameter-removed']],
  ['request-body-became-required', ['request-body-became-required']],
  ['request-media-type-removed', ['request-media-type-removed']],
  ['request-property-added-required', ['request-property-added-required']],
  ['request-property-became-required', ['request-property-became-required']],
  ['request-property-added-optional', ['request-property-added-optional']],
  ['request-property-removed', ['request-property-removed']],
  ['request-type-changed', ['request-type-changed']],
  ['request-format-narrowed', ['request-format-narrowed']],
  ['request-enum-narrowed', ['request-enum-narrowed']],
  ['request-enum-added', ['request-enum-narrowed']],
  ['request-max-length-narrowed', ['request-max-length-narrowed']],
  ['request-min-length-raised', ['request-min-length-raised']],
  ['request-pattern-added', ['request-pattern-added']],
  ['request-range-narrowed', ['request-range-narrowed']],
  ['response-success-status-removed', ['response-success-status-removed']],
  ['response-error-status-removed', ['response-error-status-removed']],
  ['response-property-removed', ['response-property-removed']],
  ['response-property-became-optional', ['response-property-became-optional']],
  ['response-property-became-nullable', ['response-property-became-nullable']],
  ['response-nullable-openapi30', ['response-property-became-nullable']],
  ['response-type-changed', ['response-type-changed']],
  ['response-enum-value-added', ['response-enum-value-added']],
  ['response-property-added', ['response-property-added']],
  ['response-media-type-removed', ['response-media-type-removed']],
  ['security-added', ['security-added']],
  ['security-changed', ['security-changed']],
  ['security-removed', ['security-removed']],
  ['request-pattern-changed', ['request-pattern-changed']],
  ['refactor-description-change', []],
  ['refactor-allof-split', []],
  ['refactor-ref-extraction', []],
  ['refactor-reordering', []],
  ['refactor-path-parameter-rename', []],
  ['refactor-openapi30-to-31', []],
  ['widening-not-breaking', ['request-property-added-optional']],
  ['readonly-required-not-breaking', ['response-property-added']],
];

async function idsOf(base: string, head: string): Promise<string[]> {
  const result = await diffSpecs(base, head, { cwd: fixtures });
  return [...new Set(result.changes.map((change) => change.id))].sort();
}

describe('spec diff rules', () => {
  it.each(CASES)('%s', async (name, want) => {
    expect(await idsOf(`${name}.base.yaml`, `${name}.head.yaml`)).toEqual([...want].sort());
  });

  it('has a fixture pair for every registered rule', () => {
    const covered = new Set(CASES.flatMap(([, ids]) => ids));
    expect(DIFF_RULES.map((rule) => rule.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('has unique kebab-case rule ids', () => {
    const ids = DIFF_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('self-diff', () => {
  const specs = [path.join(root, 'openapi.yaml'), ...CASES.flatMap(([name]) => [path.join(fixtures, `${name}.base.yaml`), path.join(fixtures, `${name}.head.yaml`)])];
  it.each(specs.map((spec) => [path.relative(root, spec)]))('%s against itself reports nothing', async (spec) => {
    const result = await diffSpecs(spec, spec, { cwd: root });
    expect(result.changes).toEqual([]);
  });
});
