/**
 * Error bodies in the spec's own error shape. Whatever the spec documents
 * for a 4xx (here `Error {error: int32, message: string}`) is filled in: a
 * message-like string property gets the explanation, a code-like integer
 * the HTTP status. The result is validated; a spec whose error schema
 * cannot be filled this way gets `{error, message}`.
 */
import { setExactNumber } from '../json/exact-json.js';
import { objectShape, schemaTypes } from '../schema/object-shape.js';
import { sampleValue } from '../schema/sample-value.js';
import type { LoadedSpec, Operation, SchemaObject } from '../spec/types.js';
import { findResponse, type SpecValidators } from '../validation/compile-validators.js';
import { isJsonMediaType } from '../http/media-type.js';

/** A JSON error response: status, media type and body. */
export interface ErrorResponse {
  status: number;
  mediaType: string;
  body: unknown;
}

/** Builds Error-shaped bodies for a spec. */
export type ErrorBodyFactory = (operation: Operation | undefined, status: number, message: string) => ErrorResponse;

const MESSAGE_NAMES = /^(message|detail|details|description|title|reason|msg|error_description|errormessage)$/i;
const CODE_NAMES = /^(error|code|status|statuscode|errorcode|status_code)$/i;

/** The factory for `spec`; `validators` prove each body fits before it is used. */
export function createErrorBodies(spec: LoadedSpec, validators: SpecValidators): ErrorBodyFactory {
  const fallbackOperation = spec.operations.find((operation) => errorContent(operation, 400));
  return (operation, status, message) => {
    for (const candidate of [operation, fallbackOperation]) {
      const content = candidate && (errorContent(candidate, status) ?? errorContent(candidate, 400));
      if (!candidate || !content) continue;
      const body = fill(content.schema, status, message);
      const validate = validators.response(candidate.id, findResponse(candidate, status) ? status : 400, content.mediaType);
      if (validate && validate(body).length === 0) return { status, mediaType: content.mediaType, body };
    }
    return { status, mediaType: 'application/json', body: { error: status, message } };
  };
}

/** The JSON content documented for `status` (exact, range or default) when it has a schema. */
function errorContent(operation: Operation, status: number): { mediaType: string; schema: SchemaObject } | undefined {
  const response = findResponse(operation, status);
  const media = response?.content.find((candidate) => candidate.schema && isJsonMediaType(candidate.mediaType.toLowerCase()));
  return media?.schema ? { mediaType: media.mediaType, schema: media.schema } : undefined;
}

function fill(schema: SchemaObject, status: number, message: string): Record<string, unknown> {
  const shape = objectShape(schema);
  const body: Record<string, unknown> = {};
  let messagePlaced = false;
  for (const [name, property] of Object.entries(shape.properties)) {
    const types = schemaTypes(property);
    if (types.includes('string') && MESSAGE_NAMES.test(name) && !messagePlaced) {
      body[name] = message;
      messagePlaced = true;
    } else if ((types.includes('integer') || types.includes('number')) && CODE_NAMES.test(name)) {
      body[name] = status;
    } else if (types.includes('string') && CODE_NAMES.test(name)) {
      body[name] = String(status);
    } else if (shape.required.includes(name)) {
      const value = sampleValue(property, { mode: 'minimal', nextInteger: () => BigInt(status) });
      if (typeof value === 'bigint') setExactNumber(body, name, value.toString());
      else body[name] = value;
    }
  }
  return body;
}
