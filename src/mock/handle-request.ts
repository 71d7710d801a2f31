/**
 * One mock request, start to finish: CORS preflight, routing (404/405),
 * bearer auth (401), Prefer, the request checks (400/413), then Prism's
 * answer checked against the spec. Returns the reply; the server writes it.
 */
import type { IncomingMessage } from 'node:http';
import { requiresCredentials, usesBearer } from '../spec/security.js';
import { checkBearer } from './auth.js';
import { isPreflight, preflightHeaders } from './cors.js';
import type { MockState } from './mock-state.js';
import { parsePrefer } from './prefer.js';
import type { MockReply } from './reply.js';
import { readRequestInput } from './request-input.js';
import { errorReply, respond } from './respond.js';

/** Server-wide settings the pipeline reads. */
export interface PipelineSettings {
  token: string | undefined;
  dynamic: boolean;
  cors: boolean;
  maxBodyBytes: number;
  /** The next seed of the reproducible sequence, or undefined when unseeded. */
  nextSeed: () => string | undefined;
}

/** Answer one request with the current state. */
export async function handleRequest(request: IncomingMessage, state: MockState, settings: PipelineSettings): Promise<MockReply> {
  const method = (request.method ?? 'GET').toUpperCase();
  let url: URL;
  try {
    url = new URL(request.url ?? '/', 'http://mock.invalid');
  } catch {
    return errorReply(state, undefined, 400, `request target '${request.url}' is not a valid path`);
  }
  const path = url.pathname;

  if (settings.cors && isPreflight(method, request.headers)) {
    const route = state.route('\u0000', path);
    const methods = route.kind === 'no-method' ? route.allow : [String(request.headers['access-control-request-method'])];
    return { status: 204, headers: preflightHeaders(request.headers, methods), body: undefined };
  }

  const route = state.route(method, path);
  if (route.kind === 'no-path') {
    const known = [...new Set(state.spec.operations.map((operation) => `${operation.method} ${operation.path}`))].join(', ');
    return errorReply(state, undefined, 404, `no operation at ${path}; the spec documents ${known}`);
  }
  if (route.kind === 'no-method') {
    return errorReply(state, undefined, 405, `${method} ${path} is not documented; allowed: ${route.allow.join(', ')}`, { allow: route.allow.join(', ') });
  }
  const { operation, pathParameters } = route;

  if (requiresCredentials(operation) && usesBearer(operation)) {
    const auth = checkBearer(headerValue(request, 'authorization'), settings.token);
    if (!auth.ok) return errorReply(state, operation, 401, auth.message, { 'www-authenticate': auth.challenge });
  }
  const prefer = parsePrefer(headerValue(request, 'prefer'));
  if (!prefer.ok) return errorReply(state, operation, 400, prefer.message);

  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
  const input = await readRequestInput(request, { url, headers, pathParameters }, operation, state, settings.maxBodyBytes);
  if (!input.ok) {
    const reply = errorReply(state, operation, input.status, input.message);
    // The rest of an oversized body is not read: close the connection after answering.
    if (input.status === 413) reply.headers.connection = 'close';
    return reply;
  }
  return respond({ operation, path, query: input.query, headers, body: input.body }, prefer.preferences, settings, state);
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
