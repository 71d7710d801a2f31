/**
 * One mock request, start to finish: CORS preflight, Prism's `__` query
 * switches, routing (404/405), the request checks shared with the proxy and
 * the runner (credentials 401, parameters, media type, body: each refused
 * with the status the spec documents for it), Prefer, then the answer.
 * Returns the reply; the server writes it.
 */
import { flattenHeaders } from '../core/http/flat-headers.js';
import { checkRequestNow } from '../core/request/check-request.js';
import type { RequestViolation } from '../core/request/types.js';
import { isPreflight, preflightHeaders } from '../core/server/cors.js';
import type { Operation } from '../core/spec/types.js';
import { type AnswerSource, firstAnswer } from './answer-sources.js';
import { errorReply } from './error-reply.js';
import { refusalStatus } from './error-status.js';
import type { MockState } from './mock-state.js';
import type { PipelineRequest } from './pipeline-request.js';
import { parsePrefer } from './prefer.js';
import { type QuerySwitches, readQuerySwitches } from './query-switches.js';
import type { MockReply } from './reply.js';
import { readRequestTarget } from './request-target.js';
import { type FixedAnswer, respond } from './respond.js';
import type { StatefulSettings } from './stateful/answer.js';
import { RESET_PATH, resetReply } from './stateful/reset.js';

/** Server-wide settings the pipeline reads; `store` is set when the mock keeps state (--stateful). */
export interface PipelineSettings extends StatefulSettings {
  cors: boolean;
  maxBodyBytes: number;
  /** Where answers come from before the spec's own, in order (answer-sources.ts). */
  sources: readonly AnswerSource[];
}

/** Most violations listed in one message; the rest are counted. */
const MAX_LISTED = 5;

/**
 * Answer one request with the current state. `fixed` (an MSW override) is the
 * answer to serve once the request passes its checks, instead of the
 * store's or the spec's; it is checked against the response schema like any.
 */
export async function handleRequest(
  request: PipelineRequest,
  state: MockState,
  settings: PipelineSettings,
  fixed?: FixedAnswer,
): Promise<MockReply> {
  const method = (request.method ?? 'GET').toUpperCase();
  const url = readRequestTarget(request.url ?? '/');
  if (!url) return errorReply(state, undefined, 400, `request target '${request.url}' is not a valid path`);
  const path = url.path;
  const switches = readQuerySwitches(url.search);
  if (!switches.ok) return errorReply(state, undefined, 400, switches.message);
  const target = switches.search ? `${path}?${switches.search}` : path;

  if (settings.cors && isPreflight(method, request.headers)) {
    const route = state.route('\u0000', target);
    const methods =
      route.kind === 'no-method' ? route.allow : [String(request.headers['access-control-request-method'])];
    return { status: 204, headers: preflightHeaders(request.headers, methods), body: undefined };
  }

  if (path === RESET_PATH) return resetReply(method, settings.store, state);

  const headers = flattenHeaders(request.headers);
  // HEAD finds the GET operation where the spec documents no HEAD of its own (core/routing/router.ts).
  const routed = state.route(method, target, headers);
  if (routed.kind !== 'found') return unroutedReply(routed, method, path, state);
  const { operation } = routed;
  const unservable = state.spec.unservable?.length
    ? state.spec.unservable.find((item) => item.route === `${operation.method} ${operation.path}`)
    : undefined;
  // The spec's fault, not the client's: a 500 that says which $ref or which part to fix.
  if (unservable)
    return errorReply(
      state,
      operation,
      500,
      `the mock cannot serve ${unservable.route}: ${unservable.reason}; fix the spec (plantkit spec check lists every problem)`,
    );
  return answerRouted(
    request,
    { method, headers, switches, operation, pathParameters: routed.pathParameters },
    state,
    settings,
    fixed,
  );
}

/** A routed request: its operation, path parameters, headers and query switches. */
interface Routed {
  method: string;
  headers: Record<string, string>;
  switches: QuerySwitches;
  operation: Operation;
  pathParameters: Readonly<Record<string, string>>;
}

/** 404 for a path the spec does not document, 405 for a method it does not document there. */
function unroutedReply(
  routed: Exclude<ReturnType<MockState['route']>, { kind: 'found' }>,
  method: string,
  path: string,
  state: MockState,
): MockReply {
  if (routed.kind === 'no-path') {
    const known = [...new Set(state.spec.operations.map((operation) => `${operation.method} ${operation.path}`))];
    const listed =
      known.length > 12 ? `${known.slice(0, 12).join(', ')} and ${known.length - 12} more` : known.join(', ');
    return errorReply(state, undefined, 404, `no operation at ${path}; the spec documents ${listed}`);
  }
  return errorReply(state, undefined, 405, `${method} ${path} is not documented; allowed: ${routed.allow.join(', ')}`, {
    allow: routed.allow.join(', '),
  });
}

/** Read and check the body, then answer: a refusal, an answer source's answer, or the spec's. */
async function answerRouted(
  request: PipelineRequest,
  routed: Routed,
  state: MockState,
  settings: PipelineSettings,
  fixed: FixedAnswer | undefined,
): Promise<MockReply> {
  const { method, headers, switches, operation, pathParameters } = routed;
  const read = await request.readBody(settings.maxBodyBytes);
  if (!read.ok) {
    const reply = errorReply(state, operation, read.status, read.message);
    // The rest of an oversized body is not read: close the connection after answering.
    if (read.status === 413) reply.headers.connection = 'close';
    return reply;
  }
  // Settled at once unless the body's codec is asynchronous (multipart): no microtask hop on the common path.
  const checking = checkRequestNow(
    { operation, pathParameters, search: switches.search, headers, body: read.bytes },
    state,
  );
  const checked = checking instanceof Promise ? await checking : checking;
  const [first] = checked.violations;
  if (first) return refuse(state, operation, first, checked.violations);

  // Without a Prefer header the query switches' preferences (this request's own object) are all there is.
  const prefer = headers.prefer === undefined ? undefined : parsePrefer(headers.prefer);
  if (prefer && !prefer.ok) return errorReply(state, operation, 400, prefer.message);
  const preferences = prefer ? { ...switches.preferences, ...prefer.preferences } : switches.preferences;
  const valid = { operation, method, query: queryRecord(switches.search), headers, body: checked.body?.value };
  // The one place state enters: after every request check, before the stateless answer.
  const sourced =
    settings.sources.length > 0 && !fixed
      ? await firstAnswer(
          settings.sources,
          { ...valid, pathParameters, parameters: checked.parameters, bodyMediaType: checked.body?.mediaType },
          preferences,
          settings,
          state,
        )
      : undefined;
  return sourced ?? respond(valid, preferences, settings, state, fixed);
}

/** Refuse with the status the spec documents for the first violation's kind, listing every violation of that kind. */
function refuse(state: MockState, operation: Operation, first: RequestViolation, all: RequestViolation[]): MockReply {
  const message = all.length === 1 ? first.message : listMessages(all, first.kind);
  const extra: Record<string, string> | undefined =
    first.challenges && first.challenges.length > 0 ? { 'www-authenticate': first.challenges.join(', ') } : undefined;
  return errorReply(state, operation, refusalStatus(operation, first.kind, first.pointer), message, extra);
}

/** The messages of the violations of `kind`, the first {@link MAX_LISTED} listed, the rest counted. */
function listMessages(all: RequestViolation[], kind: RequestViolation['kind']): string {
  const sameKind = all.filter((violation) => violation.kind === kind).map((violation) => violation.message);
  const listed = sameKind.slice(0, MAX_LISTED).join('; ');
  return sameKind.length > MAX_LISTED ? `${listed}; and ${sameKind.length - MAX_LISTED} more` : listed;
}

function queryRecord(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (search === '') return query;
  for (const [name, value] of new URLSearchParams(search)) {
    const existing = query[name];
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}
