/**
 * The response body read as its media type (codec/): JSON, XML, form,
 * multipart, text or bytes, typed by the documented schema. Done once per
 * exchange before the checks run (multipart parsing is asynchronous).
 */
import { codecFor, type Decoded } from '../codec/index.js';
import type { Exchange } from '../exchange/types.js';
import { matchMediaType, parseMediaType } from '../http/media-type.js';
import type { MediaTypeContent } from '../spec/types.js';
import { findResponse } from '../validation/compile-validators.js';

/** The documented media type covering the response's Content-Type (the only one documented when the header is missing). */
export function documentedMedia(exchange: Exchange): MediaTypeContent | undefined {
  const response = exchange.response;
  const documented = response && findResponse(exchange.case.operation, response.status);
  if (!documented || documented.content.length === 0) return undefined;
  const essence = parseMediaType(response.headers['content-type'])?.essence;
  if (essence === undefined) return documented.content.length === 1 ? documented.content[0] : undefined;
  const key = matchMediaType(
    essence,
    documented.content.map((media) => media.mediaType),
  );
  return documented.content.find((media) => media.mediaType === key);
}

/** The decoded body, or undefined when there is no body or nothing documents one. */
export async function decodeResponseBody(exchange: Exchange): Promise<Decoded | undefined> {
  const response = exchange.response;
  if (!response || response.body === '' || response.truncated) return undefined;
  const media = documentedMedia(exchange);
  if (!media) return undefined;
  const mediaType = parseMediaType(response.headers['content-type']) ?? parseMediaType(media.mediaType);
  if (!mediaType) return undefined;
  const bytes = response.bytes ?? Buffer.from(response.body);
  return codecFor(mediaType).decode(bytes, { mediaType, schema: media.schema, encoding: media.encoding });
}
