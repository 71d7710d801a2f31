/**
 * The response side of the mock pipeline: choose the documented response
 * (choose-response.ts) and media type (Accept, RFC 9110 section 12.5.1),
 * let Prism produce the body, echo the request where the schema allows,
 * check the answer against the spec and write it with the media type's
 * codec. A mock answer that fails the contract is a bug: when a generated
 * value fails, a valid one is generated instead; when the spec's own
 * example fails, generated valid data is served instead, with a warning
 * naming the example (asked for by name, the example is a 500 saying why).
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { codecFor } from '../codec/index.js';
import { negotiate } from '../http/accept.js';
import { parseMediaType } from '../http/media-type.js';
import { canonicalJson, cloneJson } from '../json/exact-json.js';
import type { MediaTypeContent, Operation, OperationResponse } from '../spec/types.js';
import { validValue } from '../generate/valid-value.js';
import { findResponse, type BodyValidator } from '../validation/compile-validators.js';
import { describeViolation } from '../validation/violations.js';
import { forbidsBody } from '../http/bodyless.js';
import { chooseResponse } from './choose-response.js';
import { echoRequest } from './echo.js';
import { encodeError } from './error-body.js';
import type { MockState } from './mock-state.js';
import type { Preferences } from './prefer.js';
import type { MockReply } from './reply.js';
import { responseHeaders } from './response-headers.js';

/** A checked request ready to be answered. */
export interface ValidRequest {
  operation: Operation;
  method: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** The decoded body value (JSON, form fields, ...), undefined without a body. */
  body: unknown;
}

/** Server-wide response settings. */
export interface ResponseSettings {
  dynamic: boolean;
  /** Say something once on the notices sink (a broken spec example replaced by generated data). */
  warn: (message: string) => void;
  /** The next seed of the reproducible sequence, or undefined when unseeded. */
  nextSeed: () => string | undefined;
}

/**
 * An answer decided before the response stage (the stateful mock's stored
 * item): the status and body value to serve, and header values that win over
 * generated ones. The value is still checked against the response schema.
 */
export interface FixedAnswer {
  status: number;
  /** The body value; undefined: none (a 204), or produced as usual when the response documents content. */
  value: unknown;
  headers?: Record<string, string>;
}

/** Answer a valid request with the documented response (or the `fixed` one), checked against the spec. */
export async function respond(
  request: ValidRequest,
  preferences: Preferences,
  settings: ResponseSettings,
  state: MockState,
  fixed?: FixedAnswer,
): Promise<MockReply> {
  const { operation } = request;
  const choice = fixed
    ? { ok: true as const, status: fixed.status, response: findResponse(operation, fixed.status) }
    : chooseResponse(operation, preferences.code);
  if (!choice.ok) return errorReply(state, operation, 404, choice.message);
  const { status, response } = choice;
  const dynamic = preferences.dynamic ?? settings.dynamic;
  const seed = dynamic ? settings.nextSeed() : undefined;
  // Static answers are the same every time; dynamic ones differ per request unless seeded.
  const numericSeed =
    seed !== undefined ? seedNumber(seed) : dynamic ? randomInt(0x7fffffff) : seedNumber(`${operation.id}:${status}`);

  const headers = responseHeaders(response, {
    validator: (schema) => state.schemaValidator(schema, 'response'),
    scope: state.scope,
    seed: numericSeed,
  });
  if (!headers.ok)
    return errorReply(
      state,
      operation,
      500,
      `the mock's ${status} response for ${operation.id} fails the spec: ${headers.message}; fix the spec's header schema or examples`,
    );
  Object.assign(headers.headers, fixed?.headers);

  if (forbidsBody(status, request.method) || !response || response.content.length === 0) {
    if (preferences.example !== undefined)
      return errorReply(
        state,
        operation,
        404,
        `${operation.id} has no example '${preferences.example}' for status ${status}: the response has no content`,
      );
    return { status, headers: headers.headers, body: undefined };
  }
  const key = negotiate(
    request.headers.accept,
    response.content.map((media) => media.mediaType),
  );
  if (key === undefined) return notAcceptable(state, operation, response, request.headers.accept);
  const media =
    response.content.find((candidate) => candidate.mediaType === key) ??
    response.content.find((candidate) => candidate.mediaType.includes('*'))!;

  const produced =
    fixed?.value !== undefined
      ? fixedBody(fixed.value, media, operation, status, state)
      : await produceBody(request, { status, media, preferences, dynamic, seed, numericSeed }, state);
  if (!produced.ok) return errorReply(state, operation, produced.status, produced.message);
  // A spec key that is no media type (`xls`) is served as written, as bytes.
  const mediaType = parseMediaType(key) ?? { essence: key, parameters: {} };
  const encoded = codecFor(mediaType).encode(produced.value, {
    mediaType,
    schema: media.schema,
    encoding: media.encoding,
  });
  const warning: Record<string, string> =
    produced.warning === undefined ? {} : { [WARNING_HEADER]: headerText(produced.warning) };
  if (produced.warning !== undefined) settings.warn(produced.warning);
  return {
    status,
    headers: { ...headers.headers, ...warning, 'content-type': encoded.contentType },
    body: encoded.body,
  };
}

interface BodyPlan {
  status: number;
  media: MediaTypeContent;
  preferences: Preferences;
  dynamic: boolean;
  seed: string | undefined;
  numericSeed: number;
}

/** A body value (with a warning for the log and a header when it replaces a broken example), or why there is none. */
type Produced = { ok: true; value: unknown; warning?: string } | { ok: false; status: number; message: string };

/** The body value: the pinned example, Prism's answer (echoing the request), or a generated valid value. */
async function produceBody(request: ValidRequest, plan: BodyPlan, state: MockState): Promise<Produced> {
  const { operation } = request;
  const { status, media, preferences } = plan;
  const validate = media.schema ? state.validators.response(operation.id, status, media.mediaType) : undefined;
  if (preferences.example !== undefined) {
    const example = media.examples.find((candidate) => candidate.name === preferences.example);
    if (!example)
      return {
        ok: false,
        status: 404,
        message: `${operation.id} has no example '${preferences.example}' for status ${status} (${media.mediaType}); documented: ${media.examples.map((candidate) => candidate.name).join(', ') || 'none'}`,
      };
    return checked(example.value, validate, operation, status, exampleSource(state, example.pointer));
  }

  const prism = await state.engine.respond(
    {
      operationId: operation.id,
      method: operation.method,
      template: operation.path,
      query: request.query,
      headers: { ...request.headers, accept: media.mediaType },
      body: request.body,
    },
    { dynamic: plan.dynamic, code: status, ...(plan.seed === undefined ? {} : { seed: plan.seed }) },
  );
  // A success the client did not pin to a code shows what the client sent.
  const echo = (body: unknown) =>
    echoRequest(
      body,
      request.body,
      media.schema,
      !plan.dynamic,
      (schema, candidate) => state.schemaValidator(schema, 'response')(candidate).length === 0,
    );
  const value =
    prism.ok && preferences.code === undefined && status < 300 ? echo(prism.body) : prism.ok ? prism.body : undefined;
  if (!validate) return { ok: true, value: value ?? '' };
  if (prism.ok && validate(value).length === 0) return { ok: true, value };

  // The spec's own example is wrong: serve valid generated data instead, and say where the example is.
  const fromExample =
    prism.ok && !plan.dynamic ? media.examples.find((example) => sameJson(example.value, prism.body)) : undefined;
  const brokenExample =
    fromExample && checked(value, validate, operation, status, exampleSource(state, fromExample.pointer));
  const warning =
    brokenExample && !brokenExample.ok ? `${brokenExample.message}; serving generated data instead` : undefined;
  const generated = generatedValue(state, `${operation.id}\u0000${status}\u0000${media.mediaType}`, !plan.dynamic, () =>
    validValue(media.schema, validate, state.scope, plan.numericSeed, { preferSample: !plan.dynamic }),
  );
  if (generated.ok) {
    const echoed = preferences.code === undefined && status < 300 ? echo(generated.value) : generated.value;
    return {
      ok: true,
      value: validate(echoed).length === 0 ? echoed : generated.value,
      ...(warning ? { warning } : {}),
    };
  }
  if (brokenExample && !brokenExample.ok) return brokenExample;
  return {
    ok: false,
    status: 500,
    message: `the mock cannot produce a valid ${status} response for ${operation.id} (${generated.reason}); check that the schema at #${media.schemaPointer} can be satisfied`,
  };
}

/** A fixed value, served only when it is valid for the negotiated media type's schema. */
function fixedBody(
  value: unknown,
  media: MediaTypeContent,
  operation: Operation,
  status: number,
  state: MockState,
): Produced {
  const validate = media.schema ? state.validators.response(operation.id, status, media.mediaType) : undefined;
  return checked(value, validate, operation, status, 'the stored item');
}

function checked(
  value: unknown,
  validate: BodyValidator | undefined,
  operation: Operation,
  status: number,
  source: string,
): Produced {
  const violations = validate ? validate(value) : [];
  if (violations.length === 0) return { ok: true, value };
  const reasons = violations
    .slice(0, 5)
    .map((violation) => describeViolation(violation))
    .join('; ');
  return {
    ok: false,
    status: 500,
    message: `the mock's ${status} response for ${operation.id} fails the spec (${reasons}); fix ${source} or the schema`,
  };
}

/** 406 in the documented 406 shape when there is one (RFC 9110 section 15.5.7). */
function notAcceptable(
  state: MockState,
  operation: Operation,
  response: OperationResponse,
  accept: string | undefined,
): MockReply {
  const offered = response.content.map((media) => media.mediaType).join(', ');
  return errorReply(
    state,
    operation,
    406,
    `none of the media types this response documents (${offered}) is acceptable to 'Accept: ${accept ?? ''}'`,
  );
}

/** Static generated answers kept per operation, status and media type (bounded like Prism's memo). */
const MAX_GENERATED = 512;

/** `produce()`, remembered under `key` when the answer is static: the same every time, and generating it can take long. */
function generatedValue(
  state: MockState,
  key: string,
  remember: boolean,
  produce: () => ReturnType<typeof validValue>,
): ReturnType<typeof validValue> {
  if (!remember) return produce();
  const cached = state.generated.get(key);
  if (cached) return cached.ok ? { ok: true, value: cloneJson(cached.value) } : cached;
  const value = produce();
  if (state.generated.size >= MAX_GENERATED) state.generated.clear();
  state.generated.set(key, value.ok ? { ok: true, value: cloneJson(value.value) } : value);
  return value;
}

/** An Error-shaped reply with `status` and `message`, written by the error media type's codec. */
export function errorReply(
  state: MockState,
  operation: Operation | undefined,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): MockReply {
  // A status the operation documents without content gets no body, as the spec says; the reason travels in a header.
  const documented = operation && findResponse(operation, status);
  if (documented && documented.content.length === 0)
    return { status, headers: { ...headers, [REASON_HEADER]: headerText(message) }, body: undefined, reason: message };
  const encoded = encodeError(state.errorBody(operation, status, message));
  // The spec's error schema may have no free-text field for the explanation: it always travels in a header too.
  const reason = { [REASON_HEADER]: headerText(message) };
  return {
    status,
    headers: { 'content-type': encoded.contentType, ...reason, ...headers },
    body: encoded.body,
    reason: message,
  };
}

/** Where the mock explains a refusal (always, and the only place when the documented response has no body). */
const REASON_HEADER = 'x-plantkit-reason';

/** Where the mock says it served something other than the spec's own example, and why. */
const WARNING_HEADER = 'x-plantkit-warning';

/** A message as a header value: Latin-1 without control characters (RFC 9110 section 5.5), at most 300 characters. */
function headerText(message: string): string {
  return message.slice(0, 300).replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** `the example at openapi.yaml#/paths/...`: where to fix it (the same location `plantkit spec check` reports). */
function exampleSource(state: MockState, pointer: string): string {
  return `the example at ${path.basename(state.spec.source)}#${pointer}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson({ value: a }, 'value') === canonicalJson({ value: b }, 'value');
}

/** A 31-bit seed from a seed string (FNV-1a). */
function seedNumber(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}
