/** Schemas inferred from bodies seen: every value they came from is valid against them, in OpenAPI 3.0 and 3.1. */
import { describe, expect, test } from 'vitest';
import { inferSchema } from '../../../src/core/schema/infer-schema.js';
import type { OpenApiVersion, SchemaObject } from '../../../src/core/spec/types.js';
import { createSchemaCompiler } from '../../../src/core/validation/ajv.js';

const CASES: Array<[string, { given: unknown[]; version: OpenApiVersion; want: SchemaObject }]> = [
  ['nothing seen: anything', { given: [], version: '3.1', want: {} }],
  ['integers', { given: [404, 400], version: '3.1', want: { type: 'integer' } }],
  ['an integer and a fraction: a number', { given: [1, 1.5], version: '3.1', want: { type: 'number' } }],
  [
    'an object: properties, required where always present',
    {
      given: [
        { statusCode: 400, message: ['title should not be empty'], error: 'Bad Request' },
        { statusCode: 400, message: 'Validation failed' },
      ],
      version: '3.1',
      want: {
        type: 'object',
        required: ['statusCode', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          message: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
          error: { type: 'string' },
        },
      },
    },
  ],
  ['string or null, 3.1', { given: ['a', null], version: '3.1', want: { type: ['string', 'null'] } }],
  ['string or null, 3.0', { given: ['a', null], version: '3.0', want: { type: 'string', nullable: true } }],
  ['two types, 3.1', { given: ['a', true], version: '3.1', want: { type: ['string', 'boolean'] } }],
  [
    'two types and null, 3.0',
    {
      given: ['a', true, null],
      version: '3.0',
      want: {
        anyOf: [
          { type: 'string', nullable: true },
          { type: 'boolean', nullable: true },
        ],
      },
    },
  ],
  ['an empty list', { given: [[]], version: '3.1', want: { type: 'array', items: {} } }],
];

describe('inferSchema', () => {
  test.each(CASES)('%s', (_name, { given, version, want }) => {
    const schema = inferSchema(given, version);
    expect(schema).toEqual(want);
    if (version === '3.1') {
      const validate = createSchemaCompiler().compile(schema);
      for (const value of given) expect(validate(value), JSON.stringify(value)).toBe(true);
    }
  });
});
