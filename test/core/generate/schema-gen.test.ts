/**
 * Every generated valid value passes the compiled request validator, and
 * every generated invalid value fails it, across the schema features a
 * growing spec uses (table-driven).
 */
import { describe, expect, it } from 'vitest';
import { sampleValues } from '../../../src/core/generate/fast-check.js';
import { applyMutation, mutationsFor, negativeGen } from '../../../src/core/generate/negative.js';
import { valueGen } from '../../../src/core/generate/schema-gen.js';
import { bodySites } from '../../../src/core/generate/sites.js';
import type { SchemaObject } from '../../../src/core/spec/types.js';
import { bodyFixture } from './spec-fixture.js';

const NEW_PLANT: SchemaObject = {
  allOf: [
    { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } },
    { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } },
  ],
};

type Case = [
  name: string,
  {
    schema: SchemaObject;
    openapi?: '3.0.3' | '3.1.0';
    components?: Record<string, SchemaObject>;
    invalidAllowed?: number;
  },
];

/** `invalidAllowed`: share of valid values the validator may still refuse (the sender drops them): overlapping oneOf branches. */
const CASES: Case[] = [
  ['NewPlant (allOf of two objects, int64 id)', { schema: NEW_PLANT }],
  [
    'string length limits',
    {
      schema: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string', minLength: 3, maxLength: 8 } },
      },
    },
  ],
  [
    'enum and const',
    {
      schema: {
        type: 'object',
        required: ['kind', 'v'],
        properties: { kind: { enum: ['fern', 'cactus', 'palm'] }, v: { const: 2 } },
      },
    },
  ],
  [
    'int32 with bounds and multipleOf',
    {
      schema: {
        type: 'object',
        required: ['n'],
        properties: { n: { type: 'integer', format: 'int32', minimum: -50, maximum: 5000, multipleOf: 5 } },
      },
    },
  ],
  [
    '3.1 exclusive bounds and numbers',
    {
      schema: {
        type: 'object',
        required: ['x', 'k'],
        properties: {
          x: { type: 'number', exclusiveMinimum: 0, maximum: 10 },
          k: { type: 'integer', exclusiveMaximum: 3 },
        },
      },
    },
  ],
  [
    '3.0 boolean exclusive bounds and nullable',
    {
      openapi: '3.0.3',
      schema: {
        type: 'object',
        required: ['k', 'note'],
        properties: {
          k: { type: 'integer', minimum: 1, exclusiveMinimum: true },
          note: { type: 'string', nullable: true },
        },
      },
    },
  ],
  [
    '3.1 type with null',
    { schema: { type: 'object', required: ['note'], properties: { note: { type: ['string', 'null'] } } } },
  ],
  [
    'arrays with item bounds and unique items',
    {
      schema: {
        type: 'object',
        required: ['tags'],
        properties: {
          tags: { type: 'array', items: { type: 'string', maxLength: 5 }, minItems: 1, maxItems: 4, uniqueItems: true },
        },
      },
    },
  ],
  [
    'nested objects',
    {
      schema: {
        type: 'object',
        required: ['owner'],
        properties: {
          owner: {
            type: 'object',
            required: ['id', 'email'],
            properties: {
              id: { type: 'integer', format: 'int64' },
              email: { type: 'string', format: 'email' },
              since: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
    },
  ],
  [
    'closed object (additionalProperties false)',
    {
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['a'],
        properties: { a: { type: 'boolean' }, b: { type: 'string' } },
      },
    },
  ],
  [
    'additionalProperties with a schema',
    { schema: { type: 'object', additionalProperties: { type: 'integer' }, properties: { a: { type: 'string' } } } },
  ],
  [
    'readOnly property is not sent',
    {
      schema: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
      },
    },
  ],
  [
    'oneOf branches',
    {
      schema: {
        oneOf: [
          { type: 'object', required: ['cat'], properties: { cat: { type: 'string' } }, additionalProperties: false },
          { type: 'object', required: ['dog'], properties: { dog: { type: 'integer' } }, additionalProperties: false },
        ],
      },
      invalidAllowed: 0.05,
    },
  ],
  [
    'anyOf branches',
    {
      schema: {
        anyOf: [
          { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
          { type: 'object', required: ['b'], properties: { b: { type: 'number' } } },
        ],
      },
    },
  ],
  [
    'overlapping oneOf of objects whose properties are all optional (issue 23): each value kept out of the other branch',
    {
      schema: {
        oneOf: [
          { type: 'object', properties: { cat: { type: 'string' } } },
          { type: 'object', properties: { dog: { type: 'integer' } } },
        ],
      },
    },
  ],
  [
    'oneOf integer or number (issue 23): the number branch gives no whole numbers, the integer branch can never be exclusive',
    { schema: { oneOf: [{ type: 'integer' }, { type: 'number' }] }, invalidAllowed: 0.5 },
  ],
  [
    'values that can only be null (issue 23), beside impossible alternatives',
    {
      schema: {
        type: 'object',
        required: ['only', 'branch', 'impossibleString', 'impossibleBranch'],
        properties: {
          only: { type: 'null' },
          branch: { anyOf: [{ type: 'null' }] },
          impossibleString: { type: ['string', 'null'], minLength: 2, maxLength: 1 },
          impossibleBranch: { anyOf: [{ type: 'string', minLength: 3, maxLength: 2 }, { type: 'null' }] },
        },
      },
    },
  ],
  [
    'pattern',
    {
      schema: {
        type: 'object',
        required: ['sku'],
        properties: { sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' } },
      },
    },
  ],
  [
    'circular $ref (bounded depth)',
    {
      schema: { $ref: '#/components/schemas/Node' },
      components: {
        Node: {
          type: 'object',
          required: ['label'],
          properties: {
            label: { type: 'string' },
            children: { type: 'array', maxItems: 2, items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    },
  ],
];

describe('valueGen', () => {
  it.each(CASES)(
    '%s: generated values are valid',
    async (_name, { schema, openapi, components, invalidAllowed = 0 }) => {
      const fixture = await bodyFixture(schema, { openapi, components });
      const values = sampleValues(valueGen(fixture.schema, fixture.scope), 7, 300);
      const invalid = values.filter((value) => !fixture.isValid(value));
      expect(invalid.length / values.length).toBeLessThanOrEqual(invalidAllowed);
    },
  );

  it.each(CASES)('%s: generated invalid values are invalid', async (_name, { schema, openapi, components }) => {
    const fixture = await bodyFixture(schema, { openapi, components });
    const mutations = mutationsFor(bodySites(fixture.schema, fixture.scope), fixture.schema, fixture.scope);
    if (mutations.length === 0) return;
    const bodies = sampleValues(negativeGen(valueGen(fixture.schema, fixture.scope), mutations), 11, 300)
      .map((value) => applyMutation(value, mutations))
      .filter((body) => body !== undefined);
    expect(bodies.length).toBeGreaterThan(0);
    // The sender re-validates and drops the rest; for these schemas nothing is left to drop.
    expect(bodies.filter((body) => fixture.isValid(body))).toEqual([]);
  });

  it("NewPlant values cover the issue's classes: non-ASCII, long, negative, int64 bounds, extra properties, tag absent and present", async () => {
    const fixture = await bodyFixture(NEW_PLANT);
    const values = sampleValues(valueGen(fixture.schema, fixture.scope), 3, 1000) as Array<Record<string, unknown>>;
    const names = values.map((value) => [...(value.name as string)]);
    expect(names.some((name) => name.length === 0)).toBe(true);
    expect(names.some((name) => name.length > 100)).toBe(true);
    expect(names.filter((name) => name.some((character) => character.codePointAt(0)! > 0x7f)).length).toBeGreaterThan(
      500,
    );
    expect(names.some((name) => name.some((character) => character.codePointAt(0)! > 0xffff))).toBe(true);
    expect(values.some((value) => (value.id as bigint) < 0n)).toBe(true);
    expect(values.some((value) => value.id === 2n ** 63n - 1n)).toBe(true);
    expect(values.some((value) => value.id === -(2n ** 63n))).toBe(true);
    expect(values.some((value) => 'tag' in value) && values.some((value) => !('tag' in value))).toBe(true);
    expect(values.some((value) => Object.keys(value).some((key) => !['id', 'name', 'tag'].includes(key)))).toBe(true);
  });
});
