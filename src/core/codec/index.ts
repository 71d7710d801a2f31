/**
 * The codec registry: the first codec that handles a media type reads and
 * writes it; binary (opaque bytes) takes everything else. A new media type
 * family is a new file plus one line here.
 */
import { type MediaType, parseMediaType } from '../http/media-type.js';
import { binaryCodec } from './binary-codec.js';
import { formCodec } from './form-codec.js';
import { jsonCodec } from './json-codec.js';
import { multipartCodec } from './multipart-codec.js';
import { textCodec } from './text-codec.js';
import type { MediaCodec } from './types.js';
import { xmlCodec } from './xml-codec.js';

/** Every codec, most specific first. */
const CODECS: readonly MediaCodec[] = [jsonCodec, xmlCodec, formCodec, multipartCodec, textCodec, binaryCodec];

/** The codec of a media type (`application/json; charset=utf-8`, or a parsed one). */
export function codecFor(mediaType: string | MediaType): MediaCodec {
  const essence =
    typeof mediaType === 'string' ? (parseMediaType(mediaType)?.essence ?? mediaType.toLowerCase()) : mediaType.essence;
  return CODECS.find((codec) => codec.handles(essence)) ?? binaryCodec;
}

export type { Decoded, MediaCodec } from './types.js';
export { isXmlMediaType } from './xml-codec.js';
