/** Inline specs for generator tests: one operation whose request body is the schema under test. */

import { toJsonText } from '../../../src/core/generate/logical-value.js';
import type { SchemaScope } from '../../../src/core/generate/schema-facts.js';
import { parseJson } from '../../../src/core/json/exact-json.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { SchemaObject } from '../../../src/core/spec/types.js';
import { type BodyValidator, compileValidators } from '../../../src/core/validation/compile-validators.js';

/** A request body schema, its scope and its compiled validator. */
export interface BodyFixture {
  schema: SchemaObject;
  scope: SchemaScope;
  validate: BodyValidator;
  /** True when the generated value, written as JSON text and read back, is valid. */
  isValid(value: unknown): boolean;
}

/** Load a one-operation spec around `schema` (components may hold $ref targets). */
export async function bodyFixture(
  schema: SchemaObject,
  options: { openapi?: '3.0.3' | '3.1.0'; components?: Record<string, SchemaObject> } = {},
): Promise<BodyFixture> {
  const document = {
    openapi: options.openapi ?? '3.1.0',
    info: { title: 'fixture', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'addThing',
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    ...(options.components ? { components: { schemas: options.components } } : {}),
  };
  const spec = await loadSpec({ document });
  const validate = compileValidators(spec).request('addThing', 'application/json')!;
  const loaded = spec.operations[0]!.requestBody!.content[0]!.schema!;
  return {
    schema: loaded,
    scope: { document: spec.document, version: spec.version },
    validate,
    isValid: (value) => {
      const parsed = parseJson(toJsonText(value));
      return parsed.ok && validate(parsed.value).length === 0;
    },
  };
}
