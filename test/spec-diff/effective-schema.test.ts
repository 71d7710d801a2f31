/** Effective schemas: $refs resolved, allOf merged (required united), nullable read as a null type. */
import { describe, expect, it } from 'vitest';
import type { OpenApiVersion } from '../../src/core/spec/types.js';
import { createEffectiveSchemas } from '../../src/spec-diff/effective-schema.js';
import type { EffectiveSchema } from '../../src/spec-diff/schema-record.js';

const document = {
  components: {
    schemas: {
      Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
    },
  },
};

function summary(schema: EffectiveSchema) {
  return {
    types: schema.types,
    required: [...schema.required].sort(),
    properties: [...schema.properties.keys()].sort(),
    bounds: schema.bounds,
    enum: schema.enum,
  };
}

describe('effective schema', () => {
  it.each<[string, OpenApiVersion, unknown, ReturnType<typeof summary>]>([
    [
      'allOf: properties and required united, bounds tightened',
      '3.1',
      {
        allOf: [
          { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
          { required: ['b'], properties: { b: { type: 'integer' } }, maxProperties: 4 },
        ],
        maxProperties: 9,
      },
      {
        types: ['object'],
        required: ['a', 'b'],
        properties: ['a', 'b'],
        bounds: { maxProperties: 4 },
        enum: undefined,
      },
    ],
    [
      '3.0 nullable adds null to type and enum',
      '3.0',
      { type: 'string', nullable: true, enum: ['x'] },
      { types: ['null', 'string'], required: [], properties: [], bounds: {}, enum: ['x', null] },
    ],
    [
      '3.0 nullable beside allOf',
      '3.0',
      { nullable: true, allOf: [{ type: 'object' }] },
      { types: ['null', 'object'], required: [], properties: [], bounds: {}, enum: undefined },
    ],
    [
      '3.1 type array',
      '3.1',
      { type: ['string', 'null'], maxLength: 3 },
      { types: ['null', 'string'], required: [], properties: [], bounds: { maxLength: 3 }, enum: undefined },
    ],
    [
      'an enum decides the types: null is not among the values',
      '3.1',
      { type: ['string', 'null'], const: 'x' },
      { types: ['string'], required: [], properties: [], bounds: {}, enum: ['x'] },
    ],
    [
      'an enum value of a type the schema does not allow is left out',
      '3.1',
      { type: 'integer', enum: [1, 'one', 2.5] },
      { types: ['integer'], required: [], properties: [], bounds: {}, enum: [1] },
    ],
    [
      '3.0 boolean exclusiveMaximum',
      '3.0',
      { type: 'number', maximum: 5, exclusiveMaximum: true },
      { types: ['number'], required: [], properties: [], bounds: { exclusiveMaximum: 5 }, enum: undefined },
    ],
    [
      'allOf intersects number and integer',
      '3.1',
      { allOf: [{ type: 'number' }, { type: ['integer', 'string'] }] },
      { types: ['integer'], required: [], properties: [], bounds: {}, enum: undefined },
    ],
  ])('%s', (_name, version, schema, want) => {
    expect(summary(createEffectiveSchemas(document, version)(schema, '/x'))).toEqual(want);
  });

  it('follows a circular $ref left by the dereferencer and terminates', () => {
    const node = createEffectiveSchemas(document, '3.1')({ $ref: '#/components/schemas/Node' }, '/x');
    expect(node.properties.get('next')).toBe(node);
    expect(node.pointer).toBe('/components/schemas/Node');
  });
});

describe('effective schema: keywords by type, 2020-12 applicators', () => {
  const build = (schema: unknown) => createEffectiveSchemas(document, '3.1')(schema, '/x');

  it.each<[string, unknown, Partial<Record<'bounds' | 'required' | 'properties' | 'subschemas' | 'items', unknown>>]>([
    [
      'maximum on an array is dropped, array bounds kept',
      { type: 'array', maximum: 3, minItems: 1, maxItems: 4 },
      { bounds: { minItems: 1, maxItems: 4 } },
    ],
    [
      'required and properties on a string are dropped',
      { type: 'string', required: ['a'], properties: { a: {} }, maxLength: 3 },
      { bounds: { maxLength: 3 }, required: [], properties: [] },
    ],
    ['then without if is dropped', { type: 'object', then: { required: ['a'] } }, { subschemas: [] }],
    ['minContains without contains is dropped', { type: 'array', minContains: 2 }, { bounds: {} }],
    [
      'applicators by location',
      { type: 'array', prefixItems: [{}, {}], contains: { type: 'string' }, minContains: 2 },
      { bounds: { minContains: 2 }, subschemas: ['contains', 'prefixItems/0', 'prefixItems/1'] },
    ],
    [
      'object applicators',
      {
        dependentSchemas: { a: {} },
        patternProperties: { '^x-': {} },
        propertyNames: { maxLength: 3 },
        unevaluatedProperties: false,
      },
      { subschemas: ['dependentSchemas/a', 'patternProperties/^x-', 'propertyNames', 'unevaluatedProperties'] },
    ],
    [
      'no type keeps every keyword',
      { maximum: 3, maxLength: 2, required: ['a'] },
      { bounds: { maximum: 3, maxLength: 2 }, required: ['a'] },
    ],
  ])('%s', (_name, schema, want) => {
    const built = build(schema);
    const got = {
      bounds: built.bounds,
      required: [...built.required],
      properties: [...built.properties.keys()],
      subschemas: [...built.subschemas.keys()].sort(),
    };
    expect(got).toMatchObject(want);
  });

  it('reads dependentRequired, uniqueItems and defaults', () => {
    const built = build({
      type: ['object', 'array'],
      dependentRequired: { card: ['billing'] },
      uniqueItems: true,
      default: null,
    });
    expect(built.dependentRequired.get('card')).toEqual(new Set(['billing']));
    expect(built.uniqueItems).toBe(true);
    expect(built.default).toEqual({ value: null });
  });

  it('keeps two contains of an allOf apart (their conjunction is not one contains)', () => {
    const built = build({ allOf: [{ contains: { type: 'string' } }, { contains: { type: 'integer' } }] });
    expect([...built.subschemas.keys()].sort()).toEqual(['contains', 'contains~1']);
  });
});

describe('effective schema: own keywords read once per Schema Object', () => {
  it('gives each root its own bounds, so dropping them under one root leaves the others whole', () => {
    // `maxLength` on an integer asserts nothing and is dropped from the record (schema-applicability.ts).
    const shared = { type: 'integer', maximum: 9, maxLength: 3 };
    const effective = createEffectiveSchemas({}, '3.1');
    const [first, second] = [effective(shared, '/a'), effective(shared, '/b')];
    expect(first).not.toBe(second);
    expect(first.bounds).not.toBe(second.bounds);
    expect([first.bounds, second.bounds]).toEqual([{ maximum: 9 }, { maximum: 9 }]);
    delete first.bounds.maximum;
    expect(effective(shared, '/c').bounds).toEqual({ maximum: 9 });
  });

  it('reads the same object again per version (3.0 nullable)', () => {
    const shared = { type: 'string', nullable: true, enum: ['a'] };
    const [open30, open31] = [createEffectiveSchemas({}, '3.0'), createEffectiveSchemas({}, '3.1')];
    expect(summary(open30(shared, ''))).toMatchObject({ types: ['null', 'string'], enum: ['a', null] });
    expect(summary(open31(shared, ''))).toMatchObject({ types: ['string'], enum: ['a'] });
    expect(summary(open30(shared, ''))).toMatchObject({ types: ['null', 'string'], enum: ['a', null] });
  });
});
