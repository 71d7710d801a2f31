/**
 * Error bodies in the spec's own error shape. The response the operation
 * documents for the status (exact, range, default; OAS 4.8.16) is filled in:
 * message-like string properties get the explanation, code-like ones the
 * status, other required properties a sample. The result must validate
 * against that response's schema; otherwise the operation's 400 schema, then
 * any operation's, is tried, and a spec without a usable error schema gets
 * `{error, message}`. XML and other media types are written by their codecs.
 */
import { STATUS_CODES } from 'node:http';
import { codecFor } from '../codec/index.js';
import type { Encoded } from '../codec/types.js';
import { cloneJson, setExactNumber, stringifyJson } from '../json/exact-json.js';
import { objectShape, schemaTypes } from '../schema/object-shape.js';
import { sampleValue } from '../schema/sample-value.js';
import type { LoadedSpec, MediaTypeContent, Operation, SchemaObject } from '../spec/types.js';
import { findResponse, type SpecValidators } from '../validation/compile-validators.js';
import { isJsonMediaType, parseMediaType } from '../http/media-type.js';
import { patternSample } from '../generate/pattern-sample.js';
import type { SchemaScope } from '../generate/schema-facts.js';
import { validValue } from '../generate/valid-value.js';

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

/** Where an explanation goes, best first; `title` is a summary (RFC 9457 section 3.1.3), so it gets the reason phrase when `detail` is there. */
const MESSAGE_NAMES = [
  'message',
  'detail',
  'details',
  'error_description',
  'errormessage',
  'error_message',
  'description',
  'reason',
  'msg',
  'title',
];
const CODE_NAMES = /^(error|code|status|statuscode|errorcode|status_code|error_code)$/i;

/** The factory for `spec`; `validators` prove each body fits before it is used. */
export function createErrorBodies(spec: LoadedSpec, validators: SpecValidators): ErrorBodyFactory {
  const scope: SchemaScope = { document: spec.document, version: spec.version, direction: 'response' };
  const fallbackOperation =
    spec.operations.find((operation) => errorContent(operation, 400)) ??
    spec.operations.find((operation) => otherErrorStatus(operation) !== undefined);
  return (operation, status, message) => {
    const attempts: Array<[Operation | undefined, number]> = [
      [operation, status],
      [operation, 400],
      [operation, otherErrorStatus(operation) ?? 400],
      [fallbackOperation, status],
      [fallbackOperation, 400],
      [fallbackOperation, otherErrorStatus(fallbackOperation) ?? 400],
    ];
    for (const [candidate, documentedStatus] of attempts) {
      const content = candidate && errorContent(candidate, documentedStatus);
      if (!candidate || !content?.schema) continue;
      const validate = validators.response(candidate.id, documentedStatus, content.mediaType);
      const body = fill(
        content.schema,
        status,
        message,
        validate && ((value: unknown) => validate(value).length === 0),
        scope,
      );
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

/** The content documented for `status` (exact, range or default) with a schema, JSON preferred. */
function errorContent(operation: Operation, status: number): MediaTypeContent | undefined {
  const response = findResponse(operation, status);
  const withSchema =
    response?.content.filter((candidate) => candidate.schema && !candidate.mediaType.includes('*')) ?? [];
  return withSchema.find((candidate) => isJsonMediaType(candidate.mediaType.toLowerCase())) ?? withSchema[0];
}

/** Another documented client-error status with a schema (`4XX`, 422, 404, ...), when an operation documents no 400. */
function otherErrorStatus(operation: Operation | undefined): number | undefined {
  const response = operation?.responses.find(
    (candidate) => /^4/.test(candidate.status) && errorContent(operation, statusOf(candidate.status)),
  );
  return response && statusOf(response.status);
}

function statusOf(key: string): number {
  return key === '4XX' ? 400 : Number(key);
}

/**
 * A body for `schema` carrying the message, valid when `valid` says so (undefined when no valid body is found).
 * First the message-shaped fill; when the schema demands more (nested required objects, formats, patterns),
 * a generated valid body with the message and status placed where they still validate.
 */
function fill(
  schema: SchemaObject,
  status: number,
  message: string,
  valid: ((value: unknown) => boolean) | undefined,
  scope: SchemaScope,
): unknown {
  const accept = valid ?? (() => true);
  const filled = messageShaped(schema, status, message);
  if (accept(filled)) return filled;
  if (!valid) return undefined;
  let generated = GENERATED.get(schema);
  if (!generated) {
    generated = validValue(
      schema,
      (value) =>
        accept(value)
          ? []
          : [{ pointer: '', instancePath: '', keyword: 'valid', message: 'is not valid', schemaPath: '' }],
      scope,
      status,
    );
    GENERATED.set(schema, generated);
  }
  if (!generated.ok || !isObject(generated.value)) return generated.ok ? generated.value : undefined;
  const overlaid: Record<string, unknown> = { ...generated.value };
  for (const [name, value] of Object.entries(isObject(filled) ? filled : {})) {
    const before = overlaid[name];
    overlaid[name] = value;
    if (!accept(overlaid)) overlaid[name] = before;
  }
  return overlaid;
}

/** Generated bases of error schemas the message-shaped fill cannot satisfy: generated once per schema. */
const GENERATED = new WeakMap<SchemaObject, ReturnType<typeof validValue>>();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where each property of an error body comes from, worked out once per schema and status (a refusal is answered often). */
type FillPlan =
  | { text: true }
  | { text: false; fields: Array<[string, { from: 'message' } | { value: unknown; exact?: string }]> };
const PLANS = new WeakMap<SchemaObject, Map<number, FillPlan>>();

function messageShaped(schema: SchemaObject, status: number, message: string): unknown {
  let plans = PLANS.get(schema);
  if (!plans) PLANS.set(schema, (plans = new Map()));
  let plan = plans.get(status);
  if (!plan) plans.set(status, (plan = fillPlan(schema, status)));
  if (plan.text) return message;
  const body: Record<string, unknown> = {};
  for (const [name, source] of plan.fields) {
    if ('from' in source) body[name] = message;
    else if (source.exact !== undefined) setExactNumber(body, name, source.exact);
    else body[name] = cloneJson(source.value);
  }
  return body;
}

function fillPlan(schema: SchemaObject, status: number): FillPlan {
  const types = schemaTypes(schema);
  if (types.includes('string') && !types.includes('object')) return { text: true };
  const shape = objectShape(schema);
  const fields: Extract<FillPlan, { text: false }>['fields'] = [];
  const entries = Object.entries(shape.properties);
  const isFreeText = (property: SchemaObject | undefined) =>
    schemaTypes(property).includes('string') && !hasEnum(property!);
  const named = MESSAGE_NAMES.map((wanted) => entries.find(([name]) => name.toLowerCase() === wanted)?.[0]).find(
    (name) => name !== undefined && isFreeText(shape.properties[name]),
  );
  // No message-like property: the first free-text string property carries the explanation.
  const messageName =
    named ??
    entries.find(
      ([name, property]) =>
        isFreeText(property) &&
        !CODE_NAMES.test(name) &&
        property.format === undefined &&
        property.pattern === undefined,
    )?.[0];
  for (const [name, property] of entries) {
    const propertyTypes = schemaTypes(property);
    if (name === messageName) {
      fields.push([name, { from: 'message' }]);
    } else if (propertyTypes.includes('string') && MESSAGE_NAMES.includes(name.toLowerCase()) && !hasEnum(property)) {
      fields.push([name, { value: STATUS_CODES[status] ?? `HTTP ${status}` }]);
    } else if (
      (propertyTypes.includes('integer') || propertyTypes.includes('number')) &&
      CODE_NAMES.test(name) &&
      !hasEnum(property)
    ) {
      fields.push([name, { value: status }]);
    } else if (propertyTypes.includes('string') && CODE_NAMES.test(name) && !hasEnum(property)) {
      fields.push([name, { value: String(status) }]);
    } else if (shape.required.includes(name)) {
      const value = sampleValue(property, {
        mode: 'minimal',
        nextInteger: () => BigInt(status),
        matchPattern: patternSample,
      });
      fields.push([name, typeof value === 'bigint' ? { value: undefined, exact: value.toString() } : { value }]);
    }
  }
  return { text: false, fields };
}

function hasEnum(schema: SchemaObject | undefined): boolean {
  return Array.isArray(schema?.enum) || schema?.const !== undefined;
}
