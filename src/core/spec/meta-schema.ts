/**
 * The OpenAPI 3.0 and 3.1 meta-schemas, as Spectral ships them precompiled
 * for its `oas3-schema` rule: the loader and the structure check validate a
 * document without compiling a schema at run time. Only the validators'
 * file is read, never Spectral itself (the lint lives in spec-check/lint/).
 */
import { createRequire } from 'node:module';
import type { MetaSchemaError } from './meta-schema-errors.js';
import type { OpenApiVersion } from './types.js';

const require = createRequire(import.meta.url);

type MetaSchemaValidator = ((document: unknown) => boolean) & { errors?: MetaSchemaError[] | null };

/**
 * Validate a document, as written (Reference Objects and all), against the
 * OpenAPI 3.0 or 3.1 meta-schema; the 3.1 schema checks Schema Objects
 * against JSON Schema 2020-12.
 */
export function validateOpenApiDocument(document: unknown, version: OpenApiVersion): MetaSchemaError[] {
  const validators = require('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js') as Record<
    'oas3_0' | 'oas3_1',
    MetaSchemaValidator
  >;
  const validate = version === '3.1' ? validators.oas3_1 : validators.oas3_0;
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
