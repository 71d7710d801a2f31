/**
 * Content-Encoding (RFC 9110 section 8.4) undone the way browsers and
 * fetch do: codings are listed in the order they were applied, so they are
 * removed from last to first. gzip (and x-gzip), deflate and br are what
 * clients decode; anything else, or a body that does not decode, is a
 * transport finding: a real client could not read the response either.
 * The decoded size is capped like the received one (a small compressed
 * body can expand to gigabytes).
 */
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { formatBytes } from './byte-size.js';

/** Decoded bytes, or the transport failure that stands for them. */
export type DecodedContent = { bytes: Buffer } | { failure: { kind: 'too-large' | 'encoding'; message: string } };

/** Codings a client decodes, as named in Content-Encoding. */
const DECODERS: Record<string, (bytes: Buffer, maxOutputLength: number) => Buffer> = {
  gzip: (bytes, maxOutputLength) => gunzipSync(bytes, { maxOutputLength }),
  'x-gzip': (bytes, maxOutputLength) => gunzipSync(bytes, { maxOutputLength }),
  // "deflate" means zlib-wrapped (RFC 1950); some servers send raw deflate, which browsers accept too.
  deflate: (bytes, maxOutputLength) => {
    try {
      return inflateSync(bytes, { maxOutputLength });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      return inflateRawSync(bytes, { maxOutputLength });
    }
  },
  br: (bytes, maxOutputLength) => brotliDecompressSync(bytes, { maxOutputLength }),
  identity: (bytes) => bytes,
};

/** Undo `contentEncoding` (the header value, possibly absent) on `bytes`. */
export function decodeContent(bytes: Buffer, contentEncoding: string | undefined, maxBytes: number): DecodedContent {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  // An empty body (204, HEAD) has nothing to decode, whatever it is labelled.
  if (codings.length === 0 || bytes.length === 0) return { bytes };
  let decoded = bytes;
  for (const coding of [...codings].reverse()) {
    const decode = DECODERS[coding];
    if (!decode)
      return {
        failure: {
          kind: 'encoding',
          message: `Content-Encoding '${coding}' is not one clients decode (gzip, deflate, br)`,
        },
      };
    try {
      decoded = decode(decoded, maxBytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        return {
          failure: {
            kind: 'too-large',
            message: `response body is larger than ${formatBytes(maxBytes)} once decoded (${coding}); plantkit stopped decoding it`,
          },
        };
      }
      return {
        failure: {
          kind: 'encoding',
          message: `response body labelled Content-Encoding '${coding}' does not decode: ${(error as Error).message}`,
        },
      };
    }
  }
  return { bytes: decoded };
}
