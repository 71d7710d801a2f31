/**
 * A string example of an XML media type is the document itself (as Prism
 * serves it): `<pet><name>Rex</name></pet>` is sent as written, not escaped
 * inside a `<root>` element. It is read back with the XML codec, so what it
 * stands for is checked against the schema like any other answer.
 */
import { codecFor, isXmlMediaType } from '../core/codec/index.js';
import { parseMediaType } from '../core/http/media-type.js';
import type { MediaTypeContent } from '../core/spec/types.js';

/** True when `value` may be an XML document written for `media` (cheap: no parsing, no promise). */
export function mayBeXmlDocument(value: unknown, media: MediaTypeContent): value is string {
  if (typeof value !== 'string' || !value.trimStart().startsWith('<')) return false;
  const mediaType = parseMediaType(media.mediaType);
  return mediaType !== undefined && isXmlMediaType(mediaType.essence);
}

/** The text and the value it reads as, when `value` is an XML document written for `media`; else undefined. */
export async function xmlDocument(
  value: unknown,
  media: MediaTypeContent,
): Promise<{ text: string; value: unknown } | undefined> {
  if (!mayBeXmlDocument(value, media)) return undefined;
  const mediaType = parseMediaType(media.mediaType)!;
  const decoded = await codecFor(mediaType).decode(Buffer.from(value), {
    mediaType,
    schema: media.schema,
    encoding: media.encoding,
  });
  return decoded.ok ? { text: value, value: decoded.value } : undefined;
}
