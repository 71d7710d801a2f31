/**
 * `multipart/form-data` (RFC 7578; OAS 4.8.14.5 "Special Considerations for
 * multipart Content"): parts are parsed with busboy (the one module that
 * imports it) and typed by the body schema's properties. Following OAS
 * defaults, object and array-of-object properties travel as JSON parts,
 * binary properties as file parts, primitives as text parts; repeated parts
 * make an array. File contents are Latin-1 strings, one character per byte.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type BusboyFactory from 'busboy';
import { isJsonMediaType, parseMediaType } from '../http/media-type.js';
import { parseJson, stringifyJson } from '../json/exact-json.js';
import { primitiveText } from '../params/encode.js';
import { childSchema, putText, valueShape } from '../params/text-value.js';
import type { PropertyEncoding, SchemaObject } from '../spec/types.js';
import type { Decoded, MediaCodec } from './types.js';

let busboy: typeof BusboyFactory | undefined;

interface Part {
  name: string;
  bytes: Buffer;
  mediaType: string | undefined;
  file: boolean;
}

/** The multipart codec. */
export const multipartCodec: MediaCodec = {
  name: 'multipart',
  handles: (essence) => essence === 'multipart/form-data' || essence === 'multipart/mixed',
  async decode(body, context) {
    if (!context.mediaType.parameters.boundary)
      return { ok: false, message: 'multipart Content-Type has no boundary parameter (RFC 2046 section 5.1.1)' };
    const parts = await readParts(body, context.mediaType);
    if (!Array.isArray(parts)) return parts;
    const value: Record<string, unknown> = {};
    const byName = new Map<string, Part[]>();
    for (const part of parts) byName.set(part.name, [...(byName.get(part.name) ?? []), part]);
    for (const [name, group] of byName) {
      const schema = childSchema(context.schema, name);
      if (valueShape(schema) === 'array' && !group.some((part) => isJsonPart(part, context.encoding[name]))) {
        const items: unknown[] = [];
        for (const [index, part] of group.entries()) {
          const read = partValue(part, childSchema(schema), context.encoding[name]);
          if (!read.ok) return { ok: false, message: `part '${name}' ${read.message}` };
          if (read.exact !== undefined) putText(items, index, read.exact, childSchema(schema));
          else items.push(read.value);
        }
        value[name] = items;
        continue;
      }
      if (group.length > 1)
        return {
          ok: false,
          message: `part '${name}' is sent ${group.length} times; the spec documents a single value`,
        };
      const read = partValue(group[0]!, schema, context.encoding[name]);
      if (!read.ok) return { ok: false, message: `part '${name}' ${read.message}` };
      if (read.exact !== undefined) putText(value, name, read.exact, schema);
      else value[name] = read.value;
    }
    return { ok: true, value, validatable: true };
  },
  encode(value, context) {
    const boundary = context.boundary ?? `plantkit-${randomBytes(12).toString('hex')}`;
    const record =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const chunks: Buffer[] = [];
    for (const [name, item] of Object.entries(record)) {
      const schema = childSchema(context.schema, name);
      const asParts =
        valueShape(schema) === 'array' && Array.isArray(item) && valueShape(childSchema(schema)) !== 'object'
          ? item
          : [item];
      const partSchema = asParts === item ? childSchema(schema) : schema;
      for (const part of asParts) chunks.push(writePart(boundary, name, part, partSchema, context.encoding[name]));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  },
};

function readParts(
  body: Buffer,
  mediaType: { essence: string; parameters: Record<string, string> },
): Promise<Part[] | Extract<Decoded, { ok: false }>> {
  busboy ??= createRequire(import.meta.url)('busboy') as typeof BusboyFactory;
  const contentType = `${mediaType.essence}; boundary="${mediaType.parameters.boundary}"`;
  return new Promise((resolve) => {
    const parts: Part[] = [];
    let parser: ReturnType<typeof BusboyFactory>;
    try {
      parser = busboy!({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    } catch (error) {
      resolve({ ok: false, message: `multipart body cannot be read: ${(error as Error).message}` });
      return;
    }
    parser.on('field', (name, text, info) =>
      parts.push({ name, bytes: Buffer.from(text), mediaType: info.mimeType, file: false }),
    );
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => parts.push({ name, bytes: Buffer.concat(chunks), mediaType: info.mimeType, file: true }));
    });
    parser.on('error', (error: Error) =>
      resolve({ ok: false, message: `multipart body is malformed: ${error.message}` }),
    );
    parser.on('close', () => resolve(parts));
    parser.end(body);
  });
}

function isJsonPart(part: Part, encoding: PropertyEncoding | undefined): boolean {
  const declared = parseMediaType(part.mediaType)?.essence ?? parseMediaType(encoding?.contentType)?.essence;
  return declared !== undefined && isJsonMediaType(declared) && declared !== '*/*';
}

/** A part's value: parsed JSON, file bytes, or text to type (`exact`). */
function partValue(
  part: Part,
  schema: SchemaObject | undefined,
  encoding: PropertyEncoding | undefined,
): { ok: true; value?: unknown; exact?: string } | { ok: false; message: string } {
  const shape = valueShape(schema);
  if (isJsonPart(part, encoding)) {
    const parsed = parseJson(part.bytes.toString('utf8'));
    return parsed.ok
      ? { ok: true, value: parsed.value }
      : { ok: false, message: `is not valid JSON (${parsed.message})` };
  }
  // Object and array properties travel as JSON by default (OAS 4.8.15, contentType); busboy reports a part
  // without a Content-Type as text/plain, so JSON text is read as JSON and anything else is left for the validator.
  if (!part.file && shape !== 'primitive') {
    const parsed = parseJson(part.bytes.toString('utf8'));
    if (parsed.ok) return { ok: true, value: parsed.value };
  }
  if (part.file) return { ok: true, value: part.bytes.toString('latin1') };
  return { ok: true, exact: part.bytes.toString('utf8') };
}

function writePart(
  boundary: string,
  name: string,
  value: unknown,
  schema: SchemaObject | undefined,
  encoding: PropertyEncoding | undefined,
): Buffer {
  const quoted = name.replace(/["\r\n]/g, (character) => encodeURIComponent(character));
  const declared = encoding?.contentType?.split(',')[0]?.trim();
  const binary =
    schema?.format === 'binary' ||
    typeof schema?.contentMediaType === 'string' ||
    (declared !== undefined && !declared.startsWith('text/') && !isJsonMediaType(declared));
  let headers = `Content-Disposition: form-data; name="${quoted}"`;
  let data: Buffer;
  if (binary) {
    headers += `; filename="${quoted}.bin"\r\nContent-Type: ${declared ?? (typeof schema?.contentMediaType === 'string' ? schema.contentMediaType : 'application/octet-stream')}`;
    data = Buffer.from(primitiveText(value), 'latin1');
  } else if (valueShape(schema) !== 'primitive' || (declared !== undefined && isJsonMediaType(declared))) {
    headers += `\r\nContent-Type: ${declared ?? 'application/json'}`;
    data = Buffer.from(stringifyJson(value));
  } else {
    data = Buffer.from(primitiveText(value));
  }
  return Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), data, Buffer.from('\r\n')]);
}
