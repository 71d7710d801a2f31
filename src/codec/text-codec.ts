/**
 * `text/*` bodies other than XML (text/plain, text/html, text/csv, ...): the
 * text is the value, typed by the schema when it asks for a number or a
 * boolean (a `text/plain` body `42` with `type: integer`).
 */
import { fromText } from '../params/text-value.js';
import { primitiveText } from '../params/encode.js';
import type { MediaCodec } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** The plain-text codec. */
export const textCodec: MediaCodec = {
  name: 'text',
  handles: (essence) => essence.startsWith('text/'),
  decode(body, context) {
    const charset = context.mediaType.parameters.charset?.toLowerCase();
    const text =
      charset && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii'
        ? Buffer.from(body).toString('latin1')
        : decodeUtf8(body);
    if (text === undefined)
      return {
        ok: false,
        message: 'body is not valid UTF-8 (declare another charset in Content-Type if it is not UTF-8)',
      };
    return { ok: true, value: fromText(text, context.schema), validatable: true };
  },
  encode(value, context) {
    const text = primitiveText(value);
    return {
      body: Buffer.from(text),
      contentType: context.mediaType.essence.startsWith('text/')
        ? `${context.mediaType.essence}; charset=utf-8`
        : context.mediaType.essence,
    };
  },
};
