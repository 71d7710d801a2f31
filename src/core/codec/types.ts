/**
 * A codec turns the bytes of one family of media types into a value the
 * schema validators can check, and a value into bytes: one codec per media
 * type family, shared by the mock (requests in, responses out), the contract
 * runner (requests out, responses in) and the proxy (both in).
 */
import type { MediaType } from '../http/media-type.js';
import type { PropertyEncoding, SchemaObject } from '../spec/types.js';

/** What a codec knows besides the bytes: the media type as sent and what the spec documents for it. */
export interface CodecContext {
  mediaType: MediaType;
  /** The documented schema (undefined when the spec gives none). */
  schema: SchemaObject | undefined;
  /** Encoding Objects of form and multipart properties (OAS 4.8.15). */
  encoding: Record<string, PropertyEncoding>;
  /** The multipart boundary to write with (default: a random one); the runner's generated cases fix it so a seed replays byte for byte. */
  boundary?: string;
}

/** A decoded body: a value to validate, or why the bytes are not a body of this media type. */
export type Decoded =
  /** `validatable`: the value stands for the body as the schema describes it (false for opaque bytes). */
  { ok: true; value: unknown; validatable: boolean } | { ok: false; message: string };

/** A body to send: bytes, and the Content-Type to label them with (multipart adds its boundary). */
export interface Encoded {
  body: Buffer;
  contentType: string;
}

/** One media type family. */
export interface MediaCodec {
  /** Kebab-case name, for messages: `json`, `form`, `multipart`, `text`, `xml`, `binary`. */
  name: string;
  /** True for the media type essences (lower case, `type/subtype`) this codec reads and writes. */
  handles(essence: string): boolean;
  decode(body: Buffer, context: CodecContext): Decoded | Promise<Decoded>;
  encode(value: unknown, context: CodecContext): Encoded;
  /** The body as text, for codecs that write text (JSON): the mock sends it without bytes in between. */
  encodeText?(value: unknown, context: CodecContext): EncodedText;
}

/** A body written as text (sent as UTF-8), and the Content-Type to label it with. */
export interface EncodedText {
  text: string;
  contentType: string;
}
