/**
 * The one module that constructs Ajv. Every schema plantkit validates with
 * goes through an instance made here, so the mock, the contract runner and
 * the spec checks agree on every keyword and format.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { exactIntegerKeyword } from './exact-integer.js';
import { tolerantRegExpEngine } from './pattern.js';

export type { ErrorObject, ValidateFunction };

/** Ajv as plantkit configures it: JSON Schema 2020-12 plus OpenAPI formats. */
export type SchemaCompiler = Ajv2020;

/**
 * A new Ajv instance. OpenAPI schemas carry keywords Ajv does not know
 * (`example`, `xml`, `discriminator`, `x-*`), so strict mode is off; every
 * error is collected so a message can list all of them.
 */
export function createSchemaCompiler(options: { coerceTypes?: boolean } = {}): SchemaCompiler {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    validateSchema: false,
    // JSON has no NaN or Infinity; `1e400` parses to Infinity and must not pass as an integer.
    strictNumbers: true,
    // Path, query and header parameters arrive as text (OAS 4.8.12.4 style: simple/form).
    coerceTypes: options.coerceTypes ? 'array' : false,
    // Schemas from a spec compile once; Ajv's code generation is the fast path.
    // Patterns compile tolerantly (core/validation/pattern.ts): a published spec's odd pattern never stops the kit.
    code: { optimize: true, regExp: tolerantRegExpEngine },
  });
  addFormats.default(ajv, { mode: 'full' });
  // OpenAPI's numeric formats (OAS 4.4): int32/int64 ranges are checked exactly by
  // the x-plantkit-integer keyword; float and double accept any number.
  for (const format of ['int32', 'int64', 'float', 'double'])
    ajv.addFormat(format, { type: 'number', validate: () => true });
  ajv.addKeyword(exactIntegerKeyword);
  return ajv;
}
