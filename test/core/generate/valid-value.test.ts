/**
 * Issue 23: `validValue`, the mock's last word on a response body, finds
 * values where the schema allows only `null` (or `null` among branches) and
 * where `oneOf` branches overlap, trying branch by branch with the compiled
 * validator as judge; a schema nothing satisfies is reported with the reason.
 */
import { describe, expect, test } from 'vitest';
import { validValue } from '../../../src/core/generate/valid-value.js';
import type { SchemaObject } from '../../../src/core/spec/types.js';
import { bodyFixture } from './spec-fixture.js';

type Want = { value: unknown } | { reason: RegExp };

const CASES: Array<[string, { schema: SchemaObject; openapi?: '3.0.3' | '3.1.0'; static: Want; dynamic?: Want }]> = [
  ['type null', { schema: { type: 'null' }, static: { value: null } }],
  ['a type list of null only', { schema: { type: ['null'] }, static: { value: null } }],
  ['null as the only anyOf branch', { schema: { anyOf: [{ type: 'null' }] }, static: { value: null } }],
  [
    'null beside an impossible branch',
    { schema: { anyOf: [{ type: 'string', minLength: 5, maxLength: 2 }, { type: 'null' }] }, static: { value: null } },
  ],
  [
    'null beside an impossible string type',
    { schema: { type: ['string', 'null'], minLength: 2, maxLength: 1 }, static: { value: null } },
  ],
  [
    'a required property that can only be null',
    {
      schema: { type: 'object', required: ['gone'], properties: { gone: { type: 'null' } } },
      static: { value: { gone: null } },
    },
  ],
  [
    '3.0 nullable with no type inside an object',
    {
      openapi: '3.0.3',
      schema: { type: 'object', required: ['x'], properties: { x: { nullable: true, not: {} } } },
      static: { value: { x: null } },
    },
  ],
  [
    'oneOf integer or number: the number branch, 1.5',
    { schema: { oneOf: [{ type: 'integer' }, { type: 'number' }] }, static: { value: 1.5 } },
  ],
  [
    'oneOf where the second branch is the first with fewer required properties',
    {
      schema: {
        oneOf: [
          {
            type: 'object',
            required: ['id', 'name'],
            properties: { id: { type: 'integer' }, name: { type: 'string' } },
          },
          { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        ],
      },
      static: { value: { id: 1 } },
    },
  ],
  [
    'oneOf of objects whose properties are all optional: one branch, the other spoiled',
    {
      schema: {
        oneOf: [
          { type: 'object', properties: { cat: { type: 'string' } } },
          { type: 'object', properties: { dog: { type: 'integer' } } },
        ],
      },
      static: { value: { cat: 'plantkit sample', dog: 'plantkit' } },
    },
  ],
  [
    'a nested oneOf whose first branch overlaps',
    {
      schema: {
        type: 'object',
        required: ['size'],
        properties: { size: { oneOf: [{ type: 'integer' }, { type: 'number' }, { type: 'string' }] } },
      },
      static: { value: { size: 1.5 } },
    },
  ],
  [
    'identical oneOf branches: nothing can match exactly one, said so',
    {
      schema: { oneOf: [{ type: 'string' }, { type: 'string' }] },
      static: { reason: /must match exactly one schema in oneOf/ },
    },
  ],
];

describe('validValue', () => {
  test.each(CASES)('%s', async (_name, { schema, openapi, static: want, dynamic = want }) => {
    const fixture = await bodyFixture(schema, { openapi });
    for (const [preferSample, expected] of [
      [true, want],
      [false, dynamic],
    ] as const) {
      const result = validValue(fixture.schema, fixture.validate, fixture.scope, 7, { preferSample });
      if ('reason' in expected) {
        expect(result.ok).toBe(false);
        expect(result.ok ? '' : result.reason).toMatch(expected.reason);
      } else if (preferSample) {
        expect(result).toEqual({ ok: true, value: expected.value });
      } else {
        // Dynamic values differ; what counts is that one is found and is valid.
        expect(result.ok && fixture.validate(result.value)).toEqual([]);
      }
    }
  });
});
