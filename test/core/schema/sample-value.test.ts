/**
 * Every string format the validators check has a sample that passes them:
 * the mock answered 500 "cannot produce a valid response" for `format:
 * duration` (the real-world loop, on the AutoRest test server's body-duration).
 */
import { describe, expect, test } from 'vitest';
import { sampleValue } from '../../../src/core/schema/sample-value.js';
import { createSchemaCompiler } from '../../../src/core/validation/ajv.js';

const compiler = createSchemaCompiler();
const formats = Object.keys(compiler.formats).filter((format) => {
  const definition = compiler.formats[format] as { type?: string } | undefined;
  return definition?.type === undefined || definition.type === 'string';
});

describe('format samples', () => {
  test('ajv-formats checks the formats this table expects', () => {
    expect(formats).toEqual(expect.arrayContaining(['date-time', 'duration', 'uri-template', 'regex', 'json-pointer']));
  });

  test.each(formats)('%s', (format) => {
    const schema = { type: 'string', format };
    const value = sampleValue(schema, { mode: 'full', nextInteger: () => 1n });
    const validate = compiler.compile(schema);
    expect(validate(value), `${format}: ${JSON.stringify(value)}`).toBe(true);
  });
});
