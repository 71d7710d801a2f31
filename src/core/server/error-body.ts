/**
 * Error bodies in the spec's own declarations. The response the operation
 * documents for the status (exact, range, default; OAS 4.8.16) decides: its
 * media type (JSON preferred where it offers several), its schema, its
 * example (error-fill.ts). A documented media type without a schema gets the
 * message itself (as text, or `{error, message}` for JSON and other
 * structured types). Only a status the operation does not document, or a
 * documented schema no body satisfies, falls back to the operation's 400
 * schema, then another documented client error, then another operation's,
 * and a spec without a usable error schema gets `{error, message}`. The
 * result passes the schema it claims (a refusal passes the mock's self-check
 * like any answer); XML and other media types are written by their codecs.
 */
import { codecFor } from '../codec/index.js';
import type { Encoded } from '../codec/types.js';
import type { SchemaScope } from '../generate/schema-facts.js';
import { isJsonMediaType, parseMediaType } from '../http/media-type.js';
import { stringifyJson } from '../json/exact-json.js';
import type { LoadedSpec, MediaTypeContent, Operation, SchemaObject } from '../spec/types.js';
import { type BodyValidator, findResponse, type SpecValidators } from '../validation/compile-validators.js';
import { fillErrorBody } from './error-fill.js';

/** An error response: status, media type and body value (the caller encodes it). */
export interface ErrorResponse {
  status: number;
  mediaType: string;
  body: unknown;
  /** The schema the body follows (XML element names come from it). */
  schema: SchemaObject | undefined;
}

/** Builds Error-shaped bodies for a spec. */
export type ErrorBodyFactory = (operation: Operation | undefined, status: number, message: string) => ErrorResponse;

/** The factory for `spec`; `validators` prove each body fits before it is used. */
export function createErrorBodies(spec: LoadedSpec, validators: SpecValidators): ErrorBodyFactory {
  const scope: SchemaScope = { document: spec.document, version: spec.version, direction: 'response' };
  // An operation the mock cannot serve may reach a broken schema: its error shape is no one else's fallback.
  const unservable = new Set(spec.unservable?.map((item) => item.route));
  const servable = spec.operations.filter((operation) => !unservable.has(`${operation.method} ${operation.path}`));
  const fallbackOperation =
    servable.find((operation) => errorContent(operation, 400)?.schema) ??
    servable.find((operation) => otherErrorStatus(operation) !== undefined);

  /**
   * The documented shapes an error of `status` may take for `operation`, best first, worked out once per
   * operation and status (a refusal is answered often, always alike): the status's own response, which
   * speaks even without a schema, then the schemas other statuses and operations lend. A schema Ajv cannot
   * compile (a part the mock isolated as invalid) is left out.
   */
  const shapesFor = (operation: Operation | undefined, status: number): ErrorShape[] => {
    const key = operation ?? NO_OPERATION;
    let byStatus = shapeMemo.get(key);
    if (!byStatus) shapeMemo.set(key, (byStatus = new Map()));
    let shapes = byStatus.get(status);
    if (shapes) return shapes;
    const attempts: Array<[Operation | undefined, number]> = [
      [operation, status],
      [operation, 400],
      [operation, otherErrorStatus(operation) ?? 400],
      [fallbackOperation, status],
      [fallbackOperation, 400],
      [fallbackOperation, otherErrorStatus(fallbackOperation) ?? 400],
    ];
    shapes = [];
    for (const [index, [candidate, documented]] of attempts.entries()) {
      const content = candidate && errorContent(candidate, documented);
      if (!candidate || !content || (index > 0 && !content.schema)) continue;
      try {
        const validate = content.schema ? validators.response(candidate.id, documented, content.mediaType) : undefined;
        shapes.push({
          content,
          valid: validate && ((value: unknown) => validate(value).length === 0),
          example: validExample(content, validate),
        });
      } catch {
        // Left out: the next shape speaks for the error.
      }
    }
    byStatus.set(status, shapes);
    return shapes;
  };
  const shapeMemo = new WeakMap<Operation | typeof NO_OPERATION, Map<number, ErrorShape[]>>();

  return (operation, status, message) => {
    for (const { content, valid, example } of shapesFor(operation, status)) {
      const body = content.schema
        ? fillErrorBody(content.schema, { status, message, valid, scope, ...(example ? { example } : {}) })
        : (content.examples[0]?.value ?? textOrRecord(content.mediaType, status, message));
      if (body !== undefined) return { status, mediaType: content.mediaType, body, schema: content.schema };
    }
    return { status, mediaType: 'application/json', body: { error: status, message }, schema: undefined };
  };
}

/** An error response's body as sent, written by its media type's codec (XML element names from its schema); JSON where the media type does not parse. */
export function encodeError(error: ErrorResponse): Encoded {
  const mediaType = parseMediaType(error.mediaType);
  if (!mediaType) return { contentType: 'application/json', body: Buffer.from(stringifyJson(error.body)) };
  return codecFor(mediaType).encode(error.body, { mediaType, schema: error.schema, encoding: {} });
}

/** One documented shape of an error: its media type content, a check of its schema, its first valid example. */
interface ErrorShape {
  content: MediaTypeContent;
  valid: ((value: unknown) => boolean) | undefined;
  example: { value: unknown } | undefined;
}

/** The key of errors no operation is known for (an unknown path, a malformed request). */
const NO_OPERATION = {};

/** The content documented for `status` (exact, range or default): JSON preferred, then one with a schema, then any. */
function errorContent(operation: Operation, status: number): MediaTypeContent | undefined {
  const content = findResponse(operation, status)?.content.filter((media) => !media.mediaType.includes('*')) ?? [];
  const json = (media: MediaTypeContent) => isJsonMediaType(media.mediaType.toLowerCase());
  return (
    content.find((media) => json(media) && media.schema) ??
    content.find((media) => media.schema) ??
    content.find(json) ??
    content[0]
  );
}

/** Another documented client-error status with a schema (`4XX`, 422, 404, ...), when an operation documents no 400. */
function otherErrorStatus(operation: Operation | undefined): number | undefined {
  const response = operation?.responses.find(
    (candidate) => /^4/.test(candidate.status) && errorContent(operation, statusOf(candidate.status))?.schema,
  );
  return response && statusOf(response.status);
}

function statusOf(key: string): number {
  return key === '4XX' ? 400 : Number(key);
}

/** The first documented example the schema accepts. */
function validExample(content: MediaTypeContent, validate: BodyValidator | undefined): { value: unknown } | undefined {
  const found = content.examples.find((example) => !validate || validate(example.value).length === 0);
  return found && { value: found.value };
}

/** A media type documented without a schema: the message as text for text types, else `{error, message}`. */
function textOrRecord(mediaType: string, status: number, message: string): unknown {
  return parseMediaType(mediaType)?.essence.startsWith('text/') ? message : { error: status, message };
}
