/**
 * How effective schemas relate: same meaning (canonical form), overlap
 * (can one value match both), coverage (does one accept all the other
 * does), and the matching of oneOf/anyOf alternatives built on them.
 */
import { describe, expect, it } from 'vitest';
import { matchAlternatives } from '../../src/spec-diff/alternative-matching.js';
import { alternativesOf } from '../../src/spec-diff/alternatives.js';
import { canonicalKey } from '../../src/spec-diff/canonical-schema.js';
import { createEffectiveSchemas } from '../../src/spec-diff/effective-schema.js';
import { acceptsAll } from '../../src/spec-diff/schema-cover.js';
import { mayAccept, mayOverlap } from '../../src/spec-diff/schema-overlap.js';

const Node = { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } };
const Link = { type: 'object', properties: { next: { $ref: '#/components/schemas/Link' } } };
const document = { components: { schemas: { Node, Link } } };
const effective = (schema: unknown) => createEffectiveSchemas(document, '3.1')(schema, '/x');
const key = (schema: unknown) => canonicalKey(effective(schema));

describe('canonical form', () => {
  it.each<[string, unknown, unknown]>([
    [
      'order of required, enum and properties',
      { type: 'object', required: ['a', 'b'], properties: { a: {}, b: { enum: [1, 2] } } },
      { properties: { b: { enum: [2, 1] }, a: {} }, required: ['b', 'a'], type: 'object' },
    ],
    [
      'oneOf branches reshuffled',
      { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      { oneOf: [{ type: 'integer' }, { type: 'string' }] },
    ],
    [
      'allOf split',
      { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
      { allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { required: ['a'] }] },
    ],
    ['annotations', { type: 'string', description: 'x', title: 'y', examples: ['z'] }, { type: 'string' }],
    ['keywords that do not apply', { type: 'array', maximum: 3, required: ['x'] }, { type: 'array' }],
    ['the same cycle under another name', { $ref: '#/components/schemas/Node' }, { $ref: '#/components/schemas/Link' }],
  ])('equal: %s', (_name, a, b) => {
    expect(key(a)).toBe(key(b));
  });

  it.each<[string, unknown, unknown]>([
    ['another type', { type: 'string' }, { type: 'integer' }],
    ['oneOf vs anyOf', { oneOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }] }],
    ['a default', { type: 'string', default: 'a' }, { type: 'string', default: 'b' }],
    ['a 2020-12 applicator', { type: 'array', prefixItems: [{ type: 'string' }] }, { type: 'array' }],
    ['dependentRequired', { type: 'object', dependentRequired: { a: ['b'] } }, { type: 'object' }],
  ])('different: %s', (_name, a, b) => {
    expect(key(a)).not.toBe(key(b));
  });
});

describe('overlap', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['different types', { type: 'string' }, { type: 'integer' }, false],
    ['integer inside number', { type: 'integer' }, { type: 'number' }, true],
    ['disjoint enums', { enum: ['a'] }, { enum: ['b'] }, false],
    ['an enum against a pattern', { type: 'string', enum: ['abc'] }, { type: 'string', pattern: '^x-' }, false],
    ['disjoint ranges', { type: 'number', maximum: 1 }, { type: 'number', exclusiveMinimum: 1 }, false],
    ['touching ranges', { type: 'number', maximum: 1 }, { type: 'number', minimum: 1 }, true],
    [
      'a required discriminating const',
      { type: 'object', required: ['kind'], properties: { kind: { const: 'cat' } } },
      { type: 'object', properties: { kind: { const: 'dog' } } },
      false,
    ],
    [
      'an optional const on both sides',
      { type: 'object', properties: { kind: { const: 'cat' } } },
      { type: 'object', properties: { kind: { const: 'dog' } } },
      true,
    ],
    [
      'a closed object against a required property it lacks',
      { type: 'object', properties: { a: {} }, additionalProperties: false },
      { type: 'object', required: ['b'] },
      false,
    ],
    [
      'objects with different required properties',
      { type: 'object', required: ['a'] },
      { type: 'object', required: ['b'] },
      true,
    ],
    ['no types at all', {}, { type: 'string' }, true],
  ])('%s: %s', (_name, a, b, want) => {
    expect(mayOverlap(effective(a), effective(b))).toBe(want);
    expect(mayOverlap(effective(b), effective(a))).toBe(want);
  });

  it.each<[unknown, unknown, boolean]>([
    [{ type: 'string', maxLength: 2 }, 'abc', false],
    [{ type: 'string', minLength: 2 }, 'ab', true],
    [{ type: 'integer' }, 1.5, false],
    [{ type: 'object', required: ['a'] }, { b: 1 }, false],
    [{ type: 'array', maxItems: 1 }, [1, 2], false],
    [{ type: 'string', pattern: '(' }, 'x', true],
  ])('mayAccept(%j, %j) is %s', (schema, value, want) => {
    expect(mayAccept(effective(schema), value)).toBe(want);
  });
});

describe('coverage', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['an enum folded into a wider one', { type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a'] }, true],
    ['a longer maxLength', { type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }, true],
    ['a missing maxLength on the narrower', { type: 'string', maxLength: 10 }, { type: 'string' }, false],
    ['number over integer', { type: 'number' }, { type: 'integer' }, true],
    ['a required property the narrower lacks', { type: 'object', required: ['a'] }, { type: 'object' }, false],
    [
      'a property schema that accepts more',
      { type: 'object', properties: { a: { type: ['string', 'null'] } } },
      { type: 'object', properties: { a: { type: 'string' } } },
      true,
    ],
    ['another pattern', { type: 'string', pattern: '^a' }, { type: 'string', pattern: '^ab' }, false],
    ['an applicator it cannot weigh', { type: 'array', contains: { type: 'string' } }, { type: 'array' }, false],
  ])('%s', (_name, wider, narrower, want) => {
    expect(acceptsAll(effective(wider), effective(narrower))).toBe(want);
  });
});

describe('alternatives', () => {
  const side = (schema: unknown) => {
    const built = effective(schema);
    return { schema: built, alternatives: alternativesOf(built) };
  };
  const match = (base: unknown, head: unknown, covering: 'base' | 'head') =>
    matchAlternatives(side(base), side(head), covering).map((m) => [
      m.how,
      m.base?.branch ?? null,
      m.head?.branch ?? null,
    ]);

  it.each<[string, unknown, unknown, 'base' | 'head', unknown[]]>([
    [
      'reshuffled branches are the same',
      { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      'head',
      [
        ['same', 0, 1],
        ['same', 1, 0],
      ],
    ],
    [
      'a dropped branch',
      { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      { oneOf: [{ type: 'string' }] },
      'head',
      [
        ['same', 0, 0],
        ['removed', 1, null],
      ],
    ],
    [
      'a branch folded into another',
      {
        anyOf: [
          { type: 'string', maxLength: 3 },
          { type: 'string', maxLength: 5 },
        ],
      },
      { anyOf: [{ type: 'string', maxLength: 5 }] },
      'head',
      [
        ['same', 1, 0],
        ['covered', 0, 0],
      ],
    ],
    [
      'branches that only list values are one enum',
      {
        anyOf: [
          { type: 'string', enum: ['a'] },
          { type: 'string', enum: ['b'] },
        ],
      },
      { enum: ['b', 'a'] },
      'head',
      [['same', null, null]],
    ],
    [
      'a changed branch is paired',
      { oneOf: [{ type: 'string', maxLength: 5 }] },
      { oneOf: [{ type: 'string', maxLength: 3 }] },
      'head',
      [['paired', 0, 0]],
    ],
    [
      'a type array split into branches',
      { type: ['string', 'integer'] },
      { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      'head',
      [
        ['same', null, 0],
        ['same', null, 1],
      ],
    ],
    [
      'a new response branch',
      { oneOf: [{ type: 'string' }] },
      { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
      'base',
      [
        ['same', 0, 0],
        ['added', null, 1],
      ],
    ],
  ])('%s', (_name, base, head, covering, want) => {
    expect(match(base, head, covering)).toEqual(want);
  });
});
