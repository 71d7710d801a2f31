/**
 * `application/json` and every `+json` type (RFC 8259, RFC 6839). Every
 * value is written as JSON text, strings included: an example `hello` is
 * sent as `"hello"`, which is what a JSON client can parse.
 */

import { isJsonMediaType } from '../http/media-type.js';
import { parseJson, stringifyJson } from '../json/exact-json.js';
import type { MediaCodec } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** The JSON codec. */
export const jsonCodec: MediaCodec = {
  name: 'json',
  handles: (essence) => isJsonMediaType(essence) && essence !== '*/*',
  decode(body) {
    const text = decodeUtf8(body);
    if (text === undefined) return { ok: false, message: 'body is not valid UTF-8 (RFC 8259 section 8.1)' };
    if (text.trim() === '') return { ok: false, message: 'body is empty, expected a JSON value' };
    const parsed = parseJson(text);
    return parsed.ok ? { ok: true, value: parsed.value, validatable: true } : { ok: false, message: parsed.message };
  },
  encode(value, context) {
    return { body: Buffer.from(jsonText(value)), contentType: context.mediaType.essence };
  },
  encodeText(value, context) {
    return { text: jsonText(value), contentType: context.mediaType.essence };
  },
};

/** The JSON text of a value; no value (undefined) is written as `null`. */
function jsonText(value: unknown): string {
  return stringifyJson(value === undefined ? null : value);
}
