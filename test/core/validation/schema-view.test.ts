/** Issue 23: `nullable` as OpenAPI 3.0 means it, in every schema view; Ajv never meets the keyword. */
import { describe, expect, test } from 'vitest';
import type { OpenApiVersion, SchemaObject } from '../../../src/core/spec/types.js';
import { createSchemaCompiler } from '../../../src/core/validation/ajv.js';
import { createSchemaView } from '../../../src/core/validation/schema-view.js';

/** Which of `values` a schema accepts once viewed for `version`, seen from each side of the wire. */
function accepted(version: OpenApiVersion, schema: SchemaObject, values: unknown[]): Record<string, unknown[]> {
  const ajv = createSchemaCompiler();
  const sides = ['request', 'response'] as const;
  return Object.fromEntries(
    sides.map((direction) => {
      const validate = ajv.compile(createSchemaView({ version, direction, closed: false })(schema));
      return [direction, values.filter((value) => validate(value))];
    }),
  );
}

const VALUES = [null, 'text', 7, 1.5, true, { a: 1 }, [1]];

describe('nullable', () => {
  test.each<[string, { version: OpenApiVersion; schema: SchemaObject; values?: unknown[]; want: unknown[] }]>([
    [
      '3.0 nullable: true with no type: anything, null included',
      { version: '3.0', schema: { nullable: true }, want: VALUES },
    ],
    [
      '3.0 nullable: true beside a description only',
      { version: '3.0', schema: { nullable: true, description: 'any' }, want: VALUES },
    ],
    [
      '3.0 nullable: true with properties but no type: objects keep their rules, null is added',
      {
        version: '3.0',
        schema: { nullable: true, properties: { a: { type: 'string' } } },
        want: [null, 'text', 7, 1.5, true, [1]],
      },
    ],
    [
      '3.0 nullable: true beside allOf: the allOf, or null',
      {
        version: '3.0',
        schema: { nullable: true, allOf: [{ type: 'object', required: ['a'] }] },
        want: [null, { a: 1 }],
      },
    ],
    ['3.0 nullable: false with no type: anything', { version: '3.0', schema: { nullable: false }, want: VALUES }],
    [
      '3.0 nullable: false with a type: no null',
      { version: '3.0', schema: { type: 'integer', nullable: false }, want: [7] },
    ],
    [
      '3.0 nullable: true with a type',
      { version: '3.0', schema: { type: 'integer', nullable: true }, want: [null, 7] },
    ],
    [
      '3.0 nullable: true with an enum: null joins the enum',
      { version: '3.0', schema: { type: 'string', enum: ['text'], nullable: true }, want: [null, 'text'] },
    ],
    ['3.1 nullable: true with no type, as in 3.0', { version: '3.1', schema: { nullable: true }, want: VALUES }],
    [
      '3.1 nullable: true with a type array',
      { version: '3.1', schema: { type: ['integer', 'boolean'], nullable: true }, want: [null, 7, true] },
    ],
    [
      '3.1 nullable: false beside type null',
      { version: '3.1', schema: { type: 'null', nullable: false }, want: [null] },
    ],
    [
      'nested: a property and an array item',
      {
        version: '3.0',
        schema: {
          type: 'array',
          items: { type: 'object', properties: { a: { nullable: false }, b: { type: 'string', nullable: true } } },
        },
        values: [[{ a: null, b: null }], [{ b: 'x' }], [{ b: 1 }], [null]],
        want: [[{ a: null, b: null }], [{ b: 'x' }]],
      },
    ],
  ])('%s', (_name, { version, schema, values = VALUES, want }) => {
    expect(accepted(version, schema, values)).toEqual({ request: want, response: want });
  });

  test('the schema as written is left alone', () => {
    const schema = { nullable: true, properties: { a: { type: 'string', nullable: false } } };
    const before = structuredClone(schema);
    createSchemaView({ version: '3.0', direction: 'response', closed: false })(schema);
    expect(schema).toEqual(before);
  });
});
