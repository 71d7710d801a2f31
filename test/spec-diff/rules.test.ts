/**
 * Every diff rule against a fixture pair (test/fixtures/spec-diff/<case>.base.yaml
 * and .head.yaml), asserting the exact rule ids and levels reported;
 * meaning-preserving refactors and the false alarms of the issue must report
 * nothing; no spec diffed against itself has a change.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../fixtures/spec-diff');
const root = path.join(here, '../..');

type Level = 'breaking' | 'warning' | 'info';
const B = 'breaking';
const W = 'warning';
const I = 'info';

/** [case, every (rule id, level) the diff must report, exactly] */
const CASES: Array<[string, Array<[string, Level]>]> = [
  ['api-path-removed', [['api-path-removed', B]]],
  ['api-operation-removed', [['api-operation-removed', B]]],
  ['api-operation-added', [['api-operation-added', I]]],
  ['request-parameter-added-required', [['request-parameter-added-required', B]]],
  ['request-parameter-added-optional', [['request-parameter-added-optional', I]]],
  ['request-parameter-became-required', [['request-parameter-became-required', B]]],
  ['request-parameter-removed', [['request-parameter-removed', B]]],
  ['request-body-became-required', [['request-body-became-required', B]]],
  ['request-media-type-removed', [['request-media-type-removed', B]]],
  ['request-property-added-required', [['request-property-added-required', B]]],
  ['request-property-became-required', [['request-property-became-required', B]]],
  ['request-property-added-optional', [['request-property-added-optional', I]]],
  ['request-property-removed', [['request-property-removed', W]]],
  ['request-type-changed', [['request-type-changed', B]]],
  ['request-format-narrowed', [['request-format-narrowed', B]]],
  ['request-enum-narrowed', [['request-enum-narrowed', B]]],
  ['request-enum-added', [['request-enum-narrowed', B]]],
  ['request-max-length-narrowed', [['request-max-length-narrowed', B]]],
  ['request-max-length-added', [['request-max-length-narrowed', B]]],
  ['request-min-length-raised', [['request-min-length-raised', B]]],
  ['request-pattern-added', [['request-pattern-added', B]]],
  ['request-range-narrowed', [['request-range-narrowed', B]]],
  ['response-success-status-removed', [['response-success-status-removed', B]]],
  ['response-error-status-removed', [['response-error-status-removed', B]]],
  ['response-property-removed', [['response-property-removed', B]]],
  ['response-optional-property-removed', [['response-property-removed', B]]],
  ['response-property-became-optional', [['response-property-became-optional', B]]],
  ['response-property-became-nullable', [['response-property-became-nullable', B]]],
  ['response-nullable-openapi30', [['response-property-became-nullable', B]]],
  ['response-type-changed', [['response-type-changed', B]]],
  ['response-enum-value-added', [['response-enum-value-added', B]]],
  ['response-property-added', [['response-property-added', I]]],
  ['response-media-type-removed', [['response-media-type-removed', B]]],
  ['security-added', [['security-added', B]]],
  ['security-added-globally', [['security-added', B]]],
  ['security-changed', [['security-changed', B]]],
  ['security-removed', [['security-removed', I]]],
  ['request-pattern-changed', [['request-pattern-changed', W]]],
  ['refactor-description-change', []],
  ['refactor-allof-split', []],
  ['refactor-ref-extraction', []],
  ['refactor-reordering', []],
  ['refactor-path-parameter-rename', []],
  ['refactor-openapi30-to-31', []],
  // Plant.tag is in the request and the response: its maxLength widening is safe for one, not the other.
  [
    'widening-not-breaking',
    [
      ['request-property-added-optional', I],
      ['response-max-length-raised', B],
    ],
  ],
  ['readonly-required-not-breaking', [['response-property-added', I]]],

  // Response constraints widened; narrowing a response (or rewriting a bound with the same meaning) is silent.
  ['response-range-widened', [['response-range-widened', B]]],
  ['response-max-length-raised', [['response-max-length-raised', B]]],
  ['response-min-length-lowered', [['response-min-length-lowered', B]]],
  ['response-max-items-raised', [['response-max-items-raised', B]]],
  ['response-min-items-lowered', [['response-min-items-lowered', B]]],
  ['response-bounds-narrowed-not-breaking', []],
  // Request array bounds tightened, in a body property and a query parameter.
  ['request-min-items-raised', [['request-min-items-raised', B]]],
  ['request-max-items-narrowed', [['request-max-items-narrowed', B]]],
  ['request-unique-items-added', [['request-unique-items-added', B]]],
  // oneOf/anyOf compared by what each side accepts.
  ['request-variant-removed', [['request-variant-removed', B]]],
  ['request-variant-added', [['request-variant-added', I]]],
  ['response-variant-added', [['response-variant-added', B]]],
  ['response-plain-to-one-of', [['response-variant-added', B]]],
  ['response-variant-removed', [['response-variant-removed', I]]],
  // The new branch accepts nothing the plain schema did not: it overlaps, it adds nothing.
  ['request-one-of-branches-overlap', [['request-one-of-branches-overlap', B]]],
  ['variants-reshuffled-not-breaking', []],
  // Composition (issue 19): branches matched by $ref target, then tag, then by what they accept.
  ['request-any-of-branch-removed', [['request-variant-removed', B]]],
  ['request-any-of-duplicate-branch-removed-not-breaking', []],
  ['request-all-of-member-added', [['request-property-added-required', B]]],
  ['request-all-of-closed-member-added', [['request-type-changed', B]]],
  ['request-all-of-one-of-narrowed', [['request-variant-removed', B]]],
  ['request-any-of-item-property-required', [['request-property-became-required', B]]],
  ['request-enum-to-one-of-const-narrowed', [['request-enum-narrowed', B]]],
  ['enum-to-one-of-const-not-breaking', []],
  // A request oneOf gaining a branch accepts more: reported as information, not as an overlap.
  ['request-one-of-branch-added-not-breaking', [['request-variant-added', I]]],
  ['response-discriminated-branch-added', [['response-variant-added', B]]],
  ['request-discriminator-value-removed', [['request-discriminator-value-removed', B]]],
  ['response-discriminator-value-added', [['response-discriminator-value-added', B]]],
  ['discriminator-added-not-breaking', []],
  ['refactor-discriminator-mapping-spelled-out', []],
  // The allOf/anyOf circle accepts nothing before and after (Knot = Knot or (boolean and integer)): no change there.
  ['cyclic-self-reference', [['request-max-length-narrowed', B]]],
  ['refactor-composition-split', []],
  [
    'cyclic-one-of-changed',
    [
      ['request-max-length-narrowed', B],
      ['request-variant-added', I],
      ['response-variant-added', B],
    ],
  ],
  ['variants-folded-not-breaking', []],
  ['variants-split-by-type-not-breaking', []],
  // A schema added to a request media type that had none.
  ['request-body-schema-added', [['request-body-schema-added', B]]],
  ['request-body-empty-schema-added-not-breaking', []],
  // Response headers.
  ['response-header-removed', [['response-header-removed', B]]],
  ['response-header-became-optional', [['response-header-became-optional', B]]],
  ['response-optional-header-removed', [['response-optional-header-removed', I]]],
  ['response-header-type-changed', [['response-type-changed', B]]],
  ['response-header-case-not-breaking', []],
  // Webhooks and callbacks: removed, renamed, added; their bodies with request and response swapped.
  ['webhook-removed', [['webhook-removed', B]]],
  ['webhook-renamed', [['webhook-renamed', B]]],
  ['webhook-added', [['webhook-added', I]]],
  [
    'webhook-payload-loosened',
    [
      ['response-max-length-raised', B],
      ['response-property-became-optional', B],
    ],
  ],
  ['webhook-payload-tightened', [['response-property-added', I]]],
  ['webhook-response-tightened', [['request-property-became-required', B]]],
  ['callback-removed', [['callback-removed', B]]],
  ['callback-renamed', [['callback-renamed', B]]],
  ['callback-added', [['callback-added', I]]],
  ['callback-payload-loosened', [['response-max-length-raised', B]]],
  ['callback-key-renamed-not-breaking', []],
  // OpenAPI 3.1 (JSON Schema 2020-12) keywords.
  ['request-dependent-required-added', [['request-dependent-required-added', B]]],
  ['response-dependent-required-removed', [['response-dependent-required-removed', B]]],
  ['request-dependent-schema-added', [['request-schema-assertion-added', B]]],
  ['request-dependent-schema-tightened', [['request-property-became-required', B]]],
  ['request-if-then-added', [['request-schema-assertion-added', B]]],
  ['request-then-tightened', [['request-min-length-raised', B]]],
  ['if-condition-changed', [['schema-change-unclassified', W]]],
  ['not-changed', [['schema-change-unclassified', W]]],
  ['request-prefix-items-type-changed', [['request-type-changed', B]]],
  ['response-prefix-items-removed', [['response-schema-assertion-removed', B]]],
  ['request-contains-added', [['request-schema-assertion-added', B]]],
  ['request-contains-count-narrowed', [['request-contains-count-narrowed', B]]],
  ['response-contains-count-widened', [['response-contains-count-widened', B]]],
  ['pattern-properties-regex-changed', [['schema-change-unclassified', W]]],
  ['request-pattern-properties-tightened', [['request-type-changed', B]]],
  ['request-property-names-narrowed', [['request-max-length-narrowed', B]]],
  ['request-unevaluated-properties-added', [['request-schema-assertion-added', B]]],
  ['request-unevaluated-properties-closed', [['request-type-changed', B]]],
  ['response-unevaluated-properties-opened-not-breaking', []],
  ['request-const-changed', [['request-enum-narrowed', B]]],
  ['response-const-changed', [['response-enum-value-added', B]]],
  // Defaults.
  ['request-default-changed', [['request-default-changed', W]]],
  // Deprecation lifecycle (x-sunset dates 2000-01-01 and 2999-12-31 around NOW).
  ['request-parameter-removed-undeprecated', [['request-parameter-removed', B]]],
  ['api-operation-removed-before-sunset', [['api-operation-removed-before-sunset', B]]],
  ['api-operation-removed-after-deprecation', [['api-operation-removed-after-deprecation', I]]],
  ['api-operation-sunset-unreadable', [['api-operation-removed-before-sunset', B]]],
  ['request-parameter-removed-before-sunset', [['request-parameter-removed-before-sunset', B]]],
  ['request-parameter-removed-after-deprecation', [['request-parameter-removed-after-deprecation', I]]],
  // False alarms that must stay silent, next to the change that still breaks.
  ['param-number-to-string-not-breaking', []],
  ['param-string-to-number', [['request-type-changed', B]]],
  ['param-object-property-number-to-string-not-breaking', []],
  ['param-object-property-string-to-number', [['request-type-changed', B]]],
  ['param-single-to-array-not-breaking', []],
  ['param-array-to-single', [['request-max-items-narrowed', B]]],
  [
    'request-header-cookie-array-narrowed',
    [
      ['request-max-items-narrowed', B],
      ['request-min-items-raised', B],
      ['request-unique-items-added', B],
    ],
  ],
  ['request-parameter-style-changed', [['request-parameter-style-changed', B]]],
  ['request-pattern-added-over-match-all', [['request-pattern-added', B]]],
  ['security-fewer-scopes-not-breaking', []],
  ['security-scope-added', [['security-changed', B]]],
  ['path-without-operations-removed-not-breaking', []],
  ['inapplicable-keywords-not-breaking', []],
  // An enum/const bounds string lengths (Stripe's charge.status: maxLength 5000 -> enum), and a pattern its values meet.
  ['enum-within-string-bounds-not-breaking', []],
  [
    'enum-beyond-string-bounds',
    [
      ['request-max-length-narrowed', B],
      ['response-max-length-raised', B],
    ],
  ],
  ['response-format-widened', [['response-type-changed', B]]],
  // A format no tool knows is an annotation (spec-diff/known-formats.ts): Twilio's `phone-number` added,
  // DigitalOcean's `format: boolean` on a boolean dropped. A known format beside one still counts.
  ['unknown-format-changed-not-breaking', []],
  [
    'unknown-to-known-format',
    [
      ['request-format-narrowed', B],
      ['response-type-changed', B],
    ],
  ],
];

/** The clock `x-sunset` dates are compared with. */
const NOW = new Date('2025-06-01T00:00:00Z');

async function changesOf(base: string, head: string): Promise<Array<[string, Level]>> {
  const result = await diffSpecs(base, head, { cwd: fixtures, now: NOW });
  const seen = new Set(result.changes.map((change) => `${change.id} ${change.level}`));
  return [...seen].sort().map((entry) => entry.split(' ') as [string, Level]);
}

describe('spec diff rules', () => {
  it.each(CASES)('%s', async (name, want) => {
    expect(await changesOf(`${name}.base.yaml`, `${name}.head.yaml`)).toEqual(
      [...want].sort((a, b) => a[0].localeCompare(b[0])),
    );
  });

  it('has a fixture pair for every registered rule, at its default level', () => {
    const covered = new Set(CASES.flatMap(([, changes]) => changes.map(([id, level]) => `${id} ${level}`)));
    expect(DIFF_RULES.map((rule) => `${rule.id} ${rule.level}`).filter((entry) => !covered.has(entry))).toEqual([]);
  });

  it('is documented: every rule with its level in docs/spec-checks.md, with the counts', async () => {
    const docs = await readFile(path.join(root, 'docs/spec-checks.md'), 'utf8');
    for (const rule of DIFF_RULES) expect(docs).toContain(`| \`${rule.id}\` | ${rule.level} | ${rule.summary} |`);
    const count = (level: Level) => DIFF_RULES.filter((rule) => rule.level === level).length;
    const counts = `${DIFF_RULES.length} rules: ${count(B)} breaking, ${count(W)} warning, ${count(I)} info`;
    expect(docs).toContain(counts);
  });

  it('has unique kebab-case rule ids', () => {
    const ids = DIFF_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('self-diff', () => {
  const specs = [
    path.join(root, 'openapi.yaml'),
    ...CASES.flatMap(([name]) => [path.join(fixtures, `${name}.base.yaml`), path.join(fixtures, `${name}.head.yaml`)]),
  ];
  it.each(specs.map((spec) => [path.relative(root, spec)]))('%s against itself reports nothing', async (spec) => {
    const result = await diffSpecs(spec, spec, { cwd: root });
    expect(result.changes).toEqual([]);
  });
});
