/**
 * One exchange, start to finish: route the request, stream it to the
 * upstream unchanged (body-tee.ts, forward-headers.ts), read the whole
 * answer under the runner's deadline and size cap, judge both sides
 * (judge-exchange.ts), and give the client the upstream's answer byte for
 * byte, with `x-plantkit-violations` added. The answer is held until it is
 * judged: its verdict travels in its head, and an oversized or undecodable
 * body must become a 502, not half a body. Only a transport failure (502,
 * 504) or, when asked, a violating answer (`errors`: 502) is replaced.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { flattenHeaders } from '../core/http/flat-headers.js';
import type { HttpClient, RelayedResult } from '../core/http/http-client.js';
import { isPreflight } from '../core/server/cors.js';
import { type BodyCopy, teeBody } from './body-tee.js';
import { type Answer, errorAnswer, violationMessage } from './error-answer.js';
import { exchangeRecord } from './exchange-record.js';
import type { SecretMemory } from './exchange-secrets.js';
import { clientResponseHeaders, upstreamRequestHeaders } from './forward-headers.js';
import { type Judgement, judgeExchange, type ObservedExchange } from './judge-exchange.js';
import type { NormalizedProxyOptions } from './options.js';
import type { ProxyState } from './proxy-state.js';
import type { ProxyExchange } from './types.js';

/** The header that tells the client how many violations its exchange had (errors only, both sides). */
export const VIOLATIONS_HEADER = 'x-plantkit-violations';

/** What every exchange shares. */
export interface ExchangeContext {
  state: ProxyState;
  client: HttpClient;
  settings: Pick<NormalizedProxyOptions, 'upstream' | 'timeoutMs' | 'maxBodyBytes' | 'errors' | 'violationsHeader'>;
  /** The upstream's origin, and the path put before every request's (`/api`, or ''). */
  upstream: { origin: string; prefix: string };
  /** Secrets seen in recent exchanges (kept out of every record). */
  secrets: SecretMemory;
  nextSeq(): number;
  record(exchange: ProxyExchange): void;
}

/** Relay, judge and answer one request. */
export async function handleExchange(
  request: IncomingMessage,
  response: ServerResponse,
  context: ExchangeContext,
): Promise<void> {
  const startedAt = new Date();
  const started = performance.now();
  const { state, settings, upstream } = context;
  const method = (request.method ?? 'GET').toUpperCase();
  const target = request.url ?? '/';
  const { path, search } = splitTarget(target);
  const headers = flattenHeaders(request.headers);
  // HEAD finds the GET operation where the spec documents no HEAD of its own (core/routing/router.ts).
  const routed = state.route(method, search ? `${path}?${search}` : path, headers);
  // A CORS preflight for an operation the spec does not document as OPTIONS is browser plumbing, not an API call.
  const judged = !(isPreflight(method, headers) && routed.kind !== 'found');
  // Numbered in the order requests arrive; preflights are not exchanges of the API.
  const seq = judged ? context.nextSeq() : 0;

  const upstreamPath = `${upstream.prefix}${target.startsWith('/') ? target : `${path}${search ? `?${search}` : ''}`}`;
  let gone = false;
  response.once('close', () => (gone = !response.writableFinished));
  const body = await teeBody(request, settings.maxBodyBytes);
  // The upstream's answer is awaited even when the client leaves (within the deadline, and judged): no signal per exchange, as http-client.ts explains.
  const result = await context.client.relay({
    method,
    origin: upstream.origin,
    path: upstreamPath,
    headers: upstreamRequestHeaders(request.rawHeaders),
    body: body.outgoing,
  });
  body.release();
  const copy = body.settled() ?? (await withDeadline(body.copy, settings.timeoutMs - (performance.now() - started)));
  // A client that left before it had sent its whole request cut the exchange short: that proves nothing about either side.
  if (gone && !copy.complete) return;
  const observed: ObservedExchange = {
    seq,
    method,
    target,
    path,
    search,
    headers,
    body: copy,
    routed,
    upstreamUrl: `${upstream.origin}${upstreamPath}`,
    result,
  };
  if (!judged) {
    if (!gone) write(response, passOn(result) ?? transportAnswer(context, undefined, result));
    return;
  }
  // One that left later (its own timeout ran out on a hanging upstream, say) is still owed a verdict on the upstream.
  const judgement = await judgeExchange(observed, state, settings.maxBodyBytes);
  const { answer, replaced } = chooseAnswer(context, judgement, result);
  const errors = judgement.violations.filter((violation) => violation.severity === 'error').length;
  if (settings.violationsHeader) addViolationsHeader(answer, errors);
  const clientLeft = gone;
  const status = clientLeft ? answer.status : write(response, answer);
  context.record(
    exchangeRecord(
      observed,
      judgement,
      { startedAt, durationMs: Math.round((performance.now() - started) * 10) / 10, status, replaced, clientLeft },
      state.credentialNames,
      context.secrets,
    ),
  );
}

/** The upstream's answer, a transport failure's 502/504, or (`errors`) a 502 naming the server's violations. */
function chooseAnswer(
  context: ExchangeContext,
  judgement: Judgement,
  result: RelayedResult,
): { answer: Answer; replaced: boolean } {
  const forwarded = passOn(result);
  if (!forwarded) return { answer: transportAnswer(context, judgement.operation, result), replaced: false };
  const serverErrors = judgement.violations.filter(
    (violation) => violation.side === 'server' && violation.severity === 'error',
  );
  if (!context.settings.errors || serverErrors.length === 0) return { answer: forwarded, replaced: false };
  return {
    answer: errorAnswer(context.state, judgement.operation, 502, violationMessage(serverErrors)),
    replaced: true,
  };
}

function passOn(result: RelayedResult): Answer | undefined {
  return (
    result.raw && {
      status: result.raw.status,
      headers: clientResponseHeaders(result.raw.headers),
      body: result.raw.body,
    }
  );
}

/** 504 when the upstream did not answer in time, 502 for every other failure (RFC 9110 sections 15.6.3, 15.6.5). */
function transportAnswer(context: ExchangeContext, operation: Judgement['operation'], result: RelayedResult): Answer {
  const failure = result.failure ?? { kind: 'connection', message: 'no answer' };
  return errorAnswer(
    context.state,
    operation,
    failure.kind === 'timeout' ? 504 : 502,
    `plantkit proxy: upstream ${context.settings.upstream}: ${failure.message}`,
  );
}

/** `x-plantkit-violations: N`, readable by browser scripts when the upstream answers CORS (Fetch standard, CORS protocol). */
function addViolationsHeader(answer: Answer, count: number): void {
  answer.headers[VIOLATIONS_HEADER] = String(count);
  if (answer.headers['access-control-allow-origin'] === undefined) return;
  const exposed = [answer.headers['access-control-expose-headers'] ?? []].flat().join(', ');
  if (exposed.trim() !== '*')
    answer.headers['access-control-expose-headers'] =
      exposed.trim() === '' ? VIOLATIONS_HEADER : `${exposed}, ${VIOLATIONS_HEADER}`;
}

/**
 * Write an answer; returns the status sent. A header value Node refuses to
 * write (not Latin-1) becomes a 502 rather than a crash.
 */
function write(response: ServerResponse, answer: Answer): number {
  try {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    return answer.status;
  } catch (error) {
    if (response.headersSent) {
      response.destroy();
      return answer.status;
    }
    const message = `plantkit proxy: the upstream's answer cannot be passed on: ${(error as Error).message}`;
    response.writeHead(502, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(message)),
    });
    response.end(message);
    return 502;
  }
}

/** The path (as the router reads it) and the query of a request target; `//x` stays a path. */
function splitTarget(target: string): { path: string; search: string } {
  try {
    const url = new URL(target.startsWith('/') ? `http://proxy.invalid${target}` : target);
    return { path: url.pathname, search: url.search.slice(1) };
  } catch {
    return { path: target, search: '' };
  }
}

/** The copy, or an incomplete one when the client does not finish sending before the deadline. */
function withDeadline(copy: Promise<BodyCopy>, remainingMs: number): Promise<BodyCopy> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<BodyCopy>(
    (resolve) =>
      (timer = setTimeout(() => resolve({ bytes: Buffer.alloc(0), complete: false }), Math.max(0, remainingMs))),
  );
  return Promise.race([copy, late]).finally(() => clearTimeout(timer));
}
