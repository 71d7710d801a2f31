/**
 * multipart/form-data request bodies (RFC 7578 over RFC 2046 section 5.1),
 * split by hand so every part keeps its exact bytes and we know whether it
 * carried a Content-Type at all (busboy decodes non-file parts as text and
 * reports a missing Content-Type as text/plain, which loses both).
 */
import { mediaEssence } from './request-values.js';

/** One part of a multipart body. */
export interface FormPart {
  name: string;
  /** The part's Content-Type essence, lower-cased, or undefined when the part has none. */
  mediaType: string | undefined;
  filename: string | undefined;
  data: Buffer;
}

/** The parts of `body`, or one line saying why it is not a well-formed multipart/form-data body. */
export function readMultipart(
  contentType: string | undefined,
  body: Buffer,
): { parts: FormPart[] } | { error: string } {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (mediaEssence(contentType) !== 'multipart/form-data' || !boundary)
    return { error: 'Content-Type must be multipart/form-data with a boundary parameter' };
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) return { error: 'the multipart body has no boundary delimiter' };
  for (;;) {
    let cursor = position + delimiter.length;
    if (body.subarray(cursor, cursor + 2).toString('latin1') === '--') return { parts };
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor += 1; // transport padding, RFC 2046 section 5.1.1
    if (body.subarray(cursor, cursor + 2).toString('latin1') !== '\r\n')
      return { error: 'a multipart boundary line does not end with CRLF' };
    const next = body.indexOf(`\r\n${delimiter}`, cursor + 2);
    if (next < 0) return { error: 'the multipart body has no closing boundary' };
    const part = readPart(body.subarray(cursor, next + 2));
    if ('error' in part) return part;
    parts.push(part);
    position = next + 2;
  }
}

/** One part, from the CRLF before its headers to the CRLF before the next delimiter. */
function readPart(bytes: Buffer): FormPart | { error: string } {
  const headerEnd = bytes.indexOf('\r\n\r\n');
  if (headerEnd < 0) return { error: 'a multipart part has no blank line after its headers' };
  const headers = new Map<string, string>();
  for (const line of bytes.subarray(2, headerEnd).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = parameter(disposition, 'name');
  // RFC 7578 section 4.2: each part has Content-Disposition form-data with a name.
  if (!/^form-data\s*(;|$)/i.test(disposition) || name === undefined)
    return { error: 'a multipart part lacks Content-Disposition: form-data; name="..."' };
  const type = headers.get('content-type');
  return {
    name,
    mediaType: type === undefined ? undefined : mediaEssence(type),
    filename: parameter(disposition, 'filename'),
    data: bytes.subarray(headerEnd + 4, bytes.length - 2),
  };
}

/** A Content-Disposition parameter as a quoted string or a token. */
function parameter(disposition: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}
