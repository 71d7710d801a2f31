/**
 * The headers a mock response documents (OAS 4.8.21): each gets its example
 * when the example is valid, else a generated valid value, serialised in the
 * header style. Prism's own header values are not used: they are not
 * checked against the header schemas, and a mock must not serve what the
 * contract tests reject.
 */

import type { SchemaScope } from '../core/generate/schema-facts.js';
import { validValue } from '../core/generate/valid-value.js';
import { encodeParameter } from '../core/params/encode.js';
import { headerParameter } from '../core/params/response-headers.js';
import type { OperationResponse, SchemaObject } from '../core/spec/types.js';
import type { BodyValidator } from '../core/validation/compile-validators.js';

/** What building headers needs: a validator per header schema and the generator scope. */
export interface HeaderContext {
  validator: (schema: SchemaObject) => BodyValidator;
  scope: SchemaScope;
  seed: number;
}

/** Header values for `response`, or why a required one cannot be produced. */
export function responseHeaders(
  response: OperationResponse | undefined,
  context: HeaderContext,
): { ok: true; headers: Record<string, string> } | { ok: false; message: string } {
  const headers: Record<string, string> = {};
  for (const header of response?.headers ?? []) {
    const name = header.name.toLowerCase();
    // Headers the server owns (RFC 9112 framing) are never taken from the spec.
    if (name === 'content-length' || name === 'transfer-encoding' || name === 'connection') continue;
    const validate = header.schema ? context.validator(header.schema) : () => [];
    const example = header.examples.map((candidate) => candidate.value).find((value) => validate(value).length === 0);
    const produced =
      example !== undefined
        ? { ok: true as const, value: example }
        : validValue(header.schema, validate, context.scope, context.seed);
    if (!produced.ok) {
      if (header.required)
        return {
          ok: false,
          message: `cannot produce a valid value for the required response header '${header.name}' (${produced.reason})`,
        };
      continue;
    }
    const encoded = encodeParameter(headerParameter(header), produced.value);
    if (encoded.in === 'header') headers[name] = encoded.value;
  }
  return { ok: true, headers };
}
