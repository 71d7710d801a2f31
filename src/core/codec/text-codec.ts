/**
 * `text/*` bodies other than XML (text/plain, text/html, text/csv, ...): the
 * text is the value, typed by the schema when it asks for a number or a
 * boolean (a `text/plain` body `42` with `type: integer`). An object or an
 * array is written as JSON text (`encode`, through primitiveText), so a
 * schema that allows only objects or arrays reads JSON text back: the
 * runner reads what the mock writes (transavia.com's `text/plain` list of
 * airports, in the real-world loop).
 */
import { parseJson } from '../json/exact-json.js';
import { primitiveText } from '../params/encode.js';
import { fromText } from '../params/text-value.js';
import type { SchemaObject } from '../spec/types.js';
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
    const structured = onlyStructured(context.schema) ? parseJson(text) : undefined;
    return { ok: true, value: structured?.ok ? structured.value : fromText(text, context.schema), validatable: true };
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

/** True when `schema` allows objects or arrays and no scalar (`type: array`, `type: [object, null]`). */
function onlyStructured(schema: SchemaObject | undefined): boolean {
  const types = typeof schema?.type === 'string' ? [schema.type] : Array.isArray(schema?.type) ? schema.type : [];
  return (
    types.some((type) => type === 'object' || type === 'array') &&
    types.every((type) => type === 'object' || type === 'array' || type === 'null')
  );
}
