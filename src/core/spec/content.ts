/**
 * Media Type Objects (OAS 4.8.14) and examples, as read by the operation
 * list: the content maps of request bodies, responses and parameters.
 */
import { encodePointer } from '../json/json-pointer.js';
import type { MediaTypeContent, NamedExample, PropertyEncoding, SchemaObject } from './types.js';

type Json = Record<string, unknown>;

/** The media types of a `content` map, in spec order. */
export function readContent(raw: unknown, pointer: string): MediaTypeContent[] {
  return Object.entries(asRecord(raw)).map(([mediaType, value]) => {
    const media = asRecord(value);
    const mediaPointer = `${pointer}${encodePointer([mediaType])}`;
    return {
      mediaType,
      schema: media.schema as SchemaObject | undefined,
      examples: readExamples(media, mediaPointer),
      schemaPointer: `${mediaPointer}/schema`,
      encoding: readEncoding(media.encoding),
    };
  });
}

/** `example` and `examples` of a Media Type, Parameter or Header Object (OAS 4.8.14.1); `externalValue` is not fetched. */
export function readExamples(holder: Json, pointer: string): NamedExample[] {
  const examples: NamedExample[] = [];
  if (holder.example !== undefined)
    examples.push({ name: 'example', value: holder.example, pointer: `${pointer}/example` });
  for (const [name, raw] of Object.entries(asRecord(holder.examples))) {
    const example = asRecord(raw);
    if ('value' in example)
      examples.push({ name, value: example.value, pointer: `${pointer}${encodePointer(['examples', name, 'value'])}` });
  }
  return examples;
}

/** Encoding Objects by property (OAS 4.8.15); `explode` defaults with the style, as for parameters. */
function readEncoding(raw: unknown): Record<string, PropertyEncoding> {
  const encodings: Record<string, PropertyEncoding> = {};
  for (const [name, value] of Object.entries(asRecord(raw))) {
    const encoding = asRecord(value);
    const style = typeof encoding.style === 'string' ? encoding.style : undefined;
    encodings[name] = {
      contentType: typeof encoding.contentType === 'string' ? encoding.contentType : undefined,
      style,
      explode: typeof encoding.explode === 'boolean' ? encoding.explode : undefined,
      allowReserved: encoding.allowReserved === true,
    };
  }
  return encodings;
}

/** A plain object, or `{}`. */
export function asRecord(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** A list, or `[]`. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
