/**
 * The request body an operation documents, and valid bodies for it: JSON
 * where documented, otherwise the first media type a codec can write (form, multipart, text, XML, bytes). A body
 * is the spec's own valid example, else a sample, else a generated value,
 * always checked against the schema before it is called valid.
 */
import { codecFor, type MediaCodec } from '../../core/codec/index.js';
import { numberText } from '../../core/generate/logical-value.js';
import { patternSample } from '../../core/generate/pattern-sample.js';
import { validValue } from '../../core/generate/valid-value.js';
import { parseMediaType } from '../../core/http/media-type.js';
import { stringifyJson } from '../../core/json/exact-json.js';
import { sampleValue } from '../../core/schema/sample-value.js';
import type { MediaTypeContent, Operation } from '../../core/spec/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';
import type { CaseContext } from './context.js';

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
  const candidates = (operation.requestBody?.content ?? [])
    .filter((media) => parseMediaType(media.mediaType))
    .map((media) =>
      media.mediaType.includes('*')
        ? { ...media, mediaType: media.mediaType.startsWith('text/') ? 'text/plain' : 'application/json' }
        : media,
    );
  const ranked = candidates
    .map((media) => ({ media, codec: codecFor(media.mediaType) }))
    .sort((a, b) => PREFERENCE.indexOf(a.codec.name) - PREFERENCE.indexOf(b.codec.name));
  const [first] = ranked;
  if (!first) return undefined;
  return {
    ...first,
    validate: context.validators.request(operation.id, first.media.mediaType),
    required: operation.requestBody?.required ?? false,
  };
}

/** A valid body value: a valid example, else a sample of `mode`, else a generated one. */
export function bodyValue(
  body: SendableBody,
  mode: 'minimal' | 'full',
  context: CaseContext,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const validate = body.validate ?? (() => []);
  const sampled = sampleValue(body.media.schema, {
    mode,
    nextInteger: context.nextInteger,
    matchPattern: patternSample,
  });
  const sample = typeof sampled === 'bigint' ? Number(sampled) : sampled;
  if (validate(sample).length === 0) return { ok: true, value: sample };
  const generated = validValue(body.media.schema, validate, { ...context.scope, direction: 'request' }, 1, {
    preferSample: false,
  });
  return generated.ok
    ? generated
    : { ok: false, reason: `request body (${body.media.mediaType}): ${generated.reason}` };
}

/**
 * The body as sent: its text and Content-Type (multipart carries its
 * boundary: random, or `boundary`, which generated cases fix so a seed
 * replays byte for byte). `value` is exact JSON (core/json/exact-json.ts), or a
 * generated number at the root (a bigint or ExactText, core/generate/logical-value.ts),
 * which has no container to record its text in: it is written digit for digit.
 */
export function encodeBody(
  body: SendableBody,
  value: unknown,
  boundary?: string,
): { text: string; contentType: string } {
  const mediaType = parseMediaType(body.media.mediaType)!;
  const root = numberText(value);
  if (body.codec.name === 'json') return { text: root ?? stringifyJson(value), contentType: body.media.mediaType };
  const encoded = body.codec.encode(root ?? value, {
    mediaType,
    schema: body.media.schema,
    encoding: body.media.encoding,
    boundary,
  });
  // Sampled file parts and generated binary strings are ASCII, so every body the runner builds is text.
  return { text: encoded.body.toString('utf8'), contentType: encoded.contentType };
}

/**
 * What a server reads of `value` once encoded as `encoded`: the value itself for JSON, and for a form
 * what the same codec decodes from the bytes. A form's wire drops what it cannot carry (an empty
 * object, Stripe's `metadata: {}`, writes no field), so a read that lacks it took nothing away.
 */
export function valueAsSent(
  body: SendableBody,
  value: unknown,
  encoded: { text: string; contentType: string },
): unknown {
  if (body.codec.name !== 'form') return value;
  const decoded = body.codec.decode(Buffer.from(encoded.text), {
    mediaType: parseMediaType(encoded.contentType)!,
    schema: body.media.schema,
    encoding: body.media.encoding,
  });
  return decoded instanceof Promise || !decoded.ok ? value : decoded.value;
}
