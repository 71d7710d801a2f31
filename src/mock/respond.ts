/**
 * The response side of the mock pipeline: choose the documented response
 * (choose-response.ts) and media type (Accept, RFC 9110 section 12.5.1),
 * produce its headers and a body checked against the spec (produce-body.ts:
 * Prism's answer, the request echoed where the schema allows, or generated
 * valid data), and write it with the media type's codec. A mock answer that
 * fails the contract is a bug; errors go through error-reply.ts.
 */
import { randomInt } from 'node:crypto';
import { codecFor } from '../core/codec/index.js';
import type { CodecContext } from '../core/codec/types.js';
import { forbidsBody } from '../core/http/bodyless.js';
import type { Operation, OperationResponse } from '../core/spec/types.js';
import { findResponse } from '../core/validation/compile-validators.js';
import { chooseResponse } from './choose-response.js';
import { errorReply, headerText } from './error-reply.js';
import type { MockState } from './mock-state.js';
import type { Preferences } from './prefer.js';
import { fixedBody, type Produced, produceBody, type ValidRequest } from './produce-body.js';
import type { MockReply } from './reply.js';
import { responseHeaders } from './response-headers.js';
import { type ChosenMedia, chooseMedia } from './response-media.js';

export type { ValidRequest } from './produce-body.js';

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

/**
 * Answer a valid request with the documented response (or the `fixed` one), checked against the spec.
 * The reply comes at once when nothing on the way waits (a memoised answer, no XML to read back).
 */
export function respond(
  request: ValidRequest,
  preferences: Preferences,
  settings: ResponseSettings,
  state: MockState,
  fixed?: FixedAnswer,
): MockReply | Promise<MockReply> {
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

  // Most responses document no headers: nothing to produce, no context to build.
  const headers =
    response && response.headers.length > 0
      ? responseHeaders(response, {
          validator: (schema) => state.schemaValidator(schema, 'response'),
          scope: state.scope,
          seed: numericSeed,
        })
      : { ok: true as const, headers: {} as Record<string, string> };
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
  const chosen = chooseMedia(response, request.headers.accept);
  if (chosen === undefined) return notAcceptable(state, operation, response, request.headers.accept);
  const { media } = chosen;

  const producing =
    fixed?.value !== undefined
      ? fixedBody(fixed.value, media, operation, status, state)
      : produceBody(request, { status, media, preferences, dynamic, seed, numericSeed }, state);
  const answer = { status, operation, chosen, headers: headers.headers };
  return producing instanceof Promise
    ? producing.then((produced) => bodyReply(produced, answer, settings, state))
    : bodyReply(producing, answer, settings, state);
}

/** What respond() decided before the body: the status, the negotiated media type and the headers so far (this answer's own). */
interface AnswerPlan {
  status: number;
  operation: Operation;
  chosen: ChosenMedia;
  headers: Record<string, string>;
}

/** The reply with the produced body written in the negotiated media type, or the error saying why there is none. */
function bodyReply(produced: Produced, answer: AnswerPlan, settings: ResponseSettings, state: MockState): MockReply {
  const { status, operation, headers } = answer;
  const { media, mediaType } = answer.chosen;
  if (!produced.ok) return errorReply(state, operation, produced.status, produced.message);
  const encoded =
    produced.document !== undefined
      ? { body: Buffer.from(produced.document), contentType: mediaType.essence }
      : encodeBody(produced.value, { mediaType, schema: media.schema, encoding: media.encoding });
  // The headers are this answer's own object: written into, not copied.
  if (produced.warning !== undefined) {
    headers[WARNING_HEADER] = headerText(produced.warning);
    settings.warn(produced.warning);
  }
  headers['content-type'] = encoded.contentType;
  return { status, headers, body: encoded.body };
}

/** The body in its media type's codec: as text where the codec writes text (start-mock.ts sends it as it is), else bytes. */
function encodeBody(value: unknown, context: CodecContext): { body: Buffer | string; contentType: string } {
  const codec = codecFor(context.mediaType);
  if (!codec.encodeText) return codec.encode(value, context);
  const { text, contentType } = codec.encodeText(value, context);
  return { body: text, contentType };
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

/** Where the mock says it served something other than the spec's own example, and why. */
const WARNING_HEADER = 'x-plantkit-warning';

/** A 31-bit seed from a seed string (FNV-1a). */
function seedNumber(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}
