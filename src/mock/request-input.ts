/**
 * The request side of the mock pipeline for a routed operation: parameters,
 * Content-Type, body size, JSON syntax and the body schema, each checked
 * with the compiled validators the contract runner uses. Any problem is a
 * message for a 400 (413 for size) in the spec's Error shape.
 */
import type { IncomingMessage } from 'node:http';
import { isJsonMediaType, matchMediaType, parseMediaType } from '../http/media-type.js';
import { parseJson } from '../json/exact-json.js';
import type { Operation } from '../spec/types.js';
import { describeViolation } from '../validation/violations.js';
import type { MockState } from './mock-state.js';
import { readBody } from './read-body.js';

/** A request that passed every check, or why it did not. */
export type InputOutcome =
  | { ok: true; body: unknown; contentType: string | undefined; query: Record<string, string | string[]> }
  | { ok: false; status: 400 | 413; message: string };

/** Most violations listed in one message; the rest are counted. */
const MAX_LISTED = 5;

/** Check everything about the request that the spec constrains. */
export async function readRequestInput(
  request: IncomingMessage,
  parts: { url: URL; headers: Record<string, string>; pathParameters: Record<string, string> },
  operation: Operation,
  state: MockState,
  maxBodyBytes: number,
): Promise<InputOutcome> {
  const query = queryOf(parts.url);
  const checkParameters = state.parameters.get(operation.id);
  if (checkParameters) {
    const violations = checkParameters({ path: parts.pathParameters, query, header: parts.headers });
    if (violations.length > 0) return { ok: false, status: 400, message: summarise(violations.map((violation) => describeParameter(violation.pointer, violation.message, violation.keyword))) };
  }
  if (!operation.requestBody) {
    request.resume(); // drain an unexpected body
    return { ok: true, body: undefined, contentType: undefined, query };
  }
  const read = await readBody(request, maxBodyBytes);
  if (!read.ok) return read;
  if (read.text === '' && !operation.requestBody.required) return { ok: true, body: undefined, contentType: undefined, query };

  const documented = operation.requestBody.content.map((media) => media.mediaType);
  const header = parts.headers['content-type'];
  const mediaType = parseMediaType(header);
  if (!mediaType) return { ok: false, status: 400, message: `${header ? `Content-Type '${header}' is not a media type` : 'missing Content-Type header'}; send Content-Type: ${documented[0]}` };
  if (!matchMediaType(mediaType.essence, documented)) return { ok: false, status: 400, message: `Content-Type ${mediaType.essence} is not accepted; send ${documented.join(' or ')}` };

  const validate = state.validators.request(operation.id, header!);
  if (!validate && !isJsonMediaType(mediaType.essence)) return { ok: true, body: read.text, contentType: header, query };
  const parsed = parseJson(read.text);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const violations = validate ? validate(parsed.value) : [];
  if (violations.length > 0) return { ok: false, status: 400, message: summarise(violations.map((violation) => describeViolation(violation))) };
  return { ok: true, body: parsed.value, contentType: header, query };
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const existing = query[name];
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

/** `/query/limit` -> `query parameter 'limit' must be integer`. */
function describeParameter(pointer: string, message: string, keyword: string): string {
  const [, location = '', name = ''] = pointer.split('/');
  if (keyword === 'required') return `missing required ${location} parameter '${name}'`;
  return `${location} parameter '${name}' ${message}`;
}

function summarise(messages: string[]): string {
  const listed = messages.slice(0, MAX_LISTED).join('; ');
  return messages.length > MAX_LISTED ? `${listed}; and ${messages.length - MAX_LISTED} more` : listed;
}
