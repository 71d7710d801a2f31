/**
 * The response side of the mock pipeline: Prism produces the answer, the
 * default answer echoes the request, and every answer is validated against
 * its response schema before it is sent. A mock answer that fails the
 * contract is a bug: it becomes a 500 with a clear message, never served.
 */
import { matchMediaType } from '../http/media-type.js';
import { stringifyJson } from '../json/exact-json.js';
import type { Operation } from '../spec/types.js';
import { findResponse } from '../validation/compile-validators.js';
import { describeViolation } from '../validation/violations.js';
import { echoRequest } from './echo.js';
import type { MockState } from './mock-state.js';
import type { Preferences } from './prefer.js';
import type { ResponsePreferences } from './prism-engine.js';
import type { MockReply } from './reply.js';

/** A validated request ready to be answered. */
export interface ValidRequest {
  operation: Operation;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

/** Answer a valid request with Prism's response, checked against the spec. */
export async function respond(request: ValidRequest, preferences: Preferences, defaults: { dynamic: boolean; nextSeed: () => string | undefined }, state: MockState): Promise<MockReply> {
  const dynamic = preferences.dynamic ?? defaults.dynamic;
  const seed = dynamic ? defaults.nextSeed() : undefined;
  const wanted: ResponsePreferences = {
    dynamic,
    ...(preferences.code === undefined ? {} : { code: preferences.code }),
    ...(preferences.example === undefined ? {} : { example: preferences.example }),
    ...(seed === undefined ? {} : { seed }),
  };
  const { operation } = request;
  const result = await state.engine.respond({ operationId: operation.id, method: operation.method, path: request.path, query: request.query, headers: request.headers, body: request.body }, wanted);
  if (!result.ok) {
    const asked = preferences.example !== undefined ? `example=${preferences.example}` : preferences.code !== undefined ? `code=${preferences.code}` : undefined;
    const status = asked ? 400 : result.status;
    return errorReply(state, operation, status, asked ? `cannot honour Prefer: ${asked}: ${result.message}` : result.message);
  }

  const contentType = result.headers['content-type'] ?? 'application/json';
  const documented = findResponse(operation, result.status);
  const media = documented?.content.find((candidate) => candidate.mediaType === matchMediaType(contentType.split(';')[0]!.trim().toLowerCase(), documented.content.map((item) => item.mediaType)));
  // A success the client did not pin to an example or code shows what the client sent.
  const echoes = preferences.example === undefined && preferences.code === undefined && result.status < 300;
  const body = echoes ? echoRequest(result.body, request.body, media?.schema, !dynamic) : result.body;

  const validate = state.validators.response(operation.id, result.status, contentType);
  const violations = validate && body !== undefined ? validate(body) : [];
  if (violations.length > 0) {
    const message = `the mock's ${result.status} response for ${operation.id} fails the spec (${violations.map((violation) => describeViolation(violation)).join('; ')}); fix the spec's example or schema`;
    return errorReply(state, operation, 500, message);
  }
  const headers = { ...result.headers, 'content-type': contentType };
  const text = body === undefined ? undefined : typeof body === 'string' && !validate ? body : stringifyJson(body);
  return { status: result.status, headers, body: text };
}

/** An Error-shaped reply with `status` and `message`. */
export function errorReply(state: MockState, operation: Operation | undefined, status: number, message: string, headers: Record<string, string> = {}): MockReply {
  const error = state.errorBody(operation, status, message);
  return { status, headers: { 'content-type': error.mediaType, ...headers }, body: stringifyJson(error.body), reason: message };
}
