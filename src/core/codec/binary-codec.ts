/**
 * Every other media type (application/octet-stream, image/png,
 * application/pdf, application/x-tar, ...): opaque bytes. A schema of
 * `type: string` (`format: binary`) sees the bytes as a Latin-1 string, one
 * character per byte, so `maxLength` counts bytes; other schemas cannot
 * describe bytes and are not checked.
 */

import { primitiveText } from '../params/encode.js';
import { schemaTypes } from '../schema/object-shape.js';
import type { MediaCodec } from './types.js';

/** The opaque-bytes codec (the fallback). */
export const binaryCodec: MediaCodec = {
  name: 'binary',
  handles: () => true,
  decode(body, context) {
    const asString = schemaTypes(context.schema).includes('string');
    return { ok: true, value: Buffer.from(body).toString('latin1'), validatable: asString };
  },
  encode(value, context) {
    const body = Buffer.isBuffer(value)
      ? value
      : value instanceof Uint8Array
        ? Buffer.from(value)
        : Buffer.from(primitiveText(value), context.schema?.format === 'byte' ? 'utf8' : 'latin1');
    return {
      body,
      contentType: context.mediaType.essence === '*/*' ? 'application/octet-stream' : context.mediaType.essence,
    };
  },
};
