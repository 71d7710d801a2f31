/**
 * The request body an operation documents, and valid bodies for it: JSON
 * where documented (the property phase generates JSON), otherwise the first
 * media type a codec can write (form, multipart, text, XML, bytes). A body
 * is the spec's own valid example, else a sample, else a generated value,
 * always checked against the schema before it is called valid.
 */
import { codecFor, type MediaCodec } from '../../codec/index.js';
import { patternSample } from '../../generate/pattern-sample.js';
import { validValue } from '../../generate/valid-value.js';
import { isJsonMediaType, parseMediaType } from '../../http/media-type.js';
import { stringifyJson } from '../../json/exact-json.js';
import { sampleValue } from '../../schema/sample-value.js';
import type { MediaTypeContent, Operation } from '../../spec/types.js';
import type { BodyValidator } from '../../validation/compile-validators.js';
import { describeViolation } from '../../validation/violations.js';
import type { CaseContext } from './context.js';

/** The first JSON media type of the request body with its compiled validator. */
export interface JsonRequestBody {
  media: MediaTypeContent;
  validate: BodyValidator;
  required: boolean;
}

/** The operation's JSON request body, when it documents one. */
export function jsonRequestBody(operation: Operation, context: CaseContext): JsonRequestBody | undefined {
  for (const documented of operation.requestBody?.content ?? []) {
    if (!isJsonMediaType(documented.mediaType.toLowerCase())) continue;
    // A wildcard key (`*/*`) takes any body: send JSON, labelled as JSON (never `Content-Type: */*`).
    const media = documented.mediaType.includes('*') ? { ...documented, mediaType: 'application/json' } : documented;
    const validate = context.validators.request(operation.id, media.mediaType);
    if (validate) return { media, validate, required: operation.requestBody?.required ?? false };
  }
  return undefined;
}

/** A request body media type the runner can send, with its codec and validator (undefined: the schema says nothing). */
export interface SendableBody {
  media: MediaTypeContent;
  codec: MediaCodec;
  validate: BodyValidator | undefined;
  required: boolean;
}

/** Media types in the order the runner prefers to send them. */
const PREFERENCE = ['json', 'form', 'multipart', 'text', 'xml', 'binary'];

/** The body the runner sends for `operation`: JSON first, then the other codecs in PREFERENCE order. */
export function sendableBody(operation: Operation, context: CaseContext): SendableBody | undefined {
  // Wildcard keys (`*/*`, `application/*`, `text/*`) take any body of their range: JSON, or text for `text/*`.
  const candidates = (operation.requestBody?.content ?? []).filter((media) => parseMediaType(media.mediaType)).map((media) => (media.mediaType.includes('*') ? { ...media, mediaType: media.mediaType.startsWith('text/') ? 'text/plain' : 'application/json' } : media));
  const ranked = candidates.map((media) => ({ media, codec: codecFor(media.mediaType) })).sort((a, b) => PREFERENCE.indexOf(a.codec.name) - PREFERENCE.indexOf(b.codec.name));
  const [first] = ranked;
  if (!first) return undefined;
  return { ...first, validate: context.validators.request(operation.id, first.media.mediaType), required: operation.requestBody?.required ?? false };
}

/** A valid body value: a valid example, else a sample of `mode`, else a generated one. */
export function bodyValue(body: SendableBody, mode: 'minimal' | 'full', context: CaseContext): { ok: true; value: unknown } | { ok: false; reason: string } {
  const validate = body.validate ?? (() => []);
  const sampled = sampleValue(body.media.schema, { mode, nextInteger: context.nextInteger, matchPattern: patternSample });
  const sample = typeof sampled === 'bigint' ? Number(sampled) : sampled;
  if (validate(sample).length === 0) return { ok: true, value: sample };
  const generated = validValue(body.media.schema, validate, { ...context.scope, direction: 'request' }, 1, { preferSample: false });
  return generated.ok ? generated : { ok: false, reason: `request body (${body.media.mediaType}): ${generated.reason}` };
}

/** The body as sent: its text and Content-Type (multipart carries its boundary). */
export function encodeBody(body: SendableBody, value: unknown): { text: string; contentType: string } {
  const mediaType = parseMediaType(body.media.mediaType)!;
  if (body.codec.name === 'json') return { text: stringifyJson(value), contentType: body.media.mediaType };
  const encoded = body.codec.encode(value, { mediaType, schema: body.media.schema, encoding: body.media.encoding });
  // Sampled file parts are ASCII, so every body the runner builds is text.
  return { text: encoded.body.toString('utf8'), contentType: encoded.contentType };
}

/** A sampled body; `problem` says why it is not valid when the sampler could not satisfy the schema. */
export interface SampledBody {
  value: unknown;
  text: string;
  problem: string | undefined;
}

/** A minimal (required properties only) or full (every property) JSON body, validated. */
export function sampleBody(body: JsonRequestBody, mode: 'minimal' | 'full', context: CaseContext): SampledBody {
  const value = sampleValue(body.media.schema, { mode, nextInteger: context.nextInteger });
  return checked(body, typeof value === 'bigint' ? Number(value) : value);
}

/** A body value with its exact text and whether it is valid. */
export function checked(body: JsonRequestBody, value: unknown): SampledBody {
  const [first] = body.validate(value);
  return { value, text: stringifyJson(value), problem: first && describeViolation(first) };
}
