/**
 * Sending requests to the system under test: the one module that sends
 * with undici (loaded in undici-parts.ts). A hanging server becomes a timeout, a huge body is cut at a cap,
 * redirects are never followed (the token must not travel to another
 * origin), a Content-Encoding is undone as a browser would (content-coding.ts),
 * and every response body is consumed or destroyed. `relay` is the proxy's
 * side of the same: a client's request streamed on as received, and the
 * answer kept byte for byte beside the decoded reading the checks use.
 */
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { TargetUnreachableError } from '../errors.js';
import { formatBytes } from './byte-size.js';
import { decodeContent } from './content-coding.js';
import {
  errorCode,
  failureOf,
  isStaleConnection,
  isUpgradeError,
  refusedArgument,
  SWITCHING_PROTOCOLS,
  type TransportFailure,
  UPGRADE_NOT_SUPPORTED,
} from './exchange-failure.js';
import { flattenHeaders } from './flat-headers.js';
import { Agent, requestOn } from './undici-parts.js';
import { unsendableRequest } from './wire-text.js';

/** A request on the wire. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborting it ends the request at once (the run stopped); the result is then a `connection` failure. */
  signal?: AbortSignal;
}

/** What came back; `failure` when no complete response did. */
export interface IncomingResult {
  durationMs: number;
  response?: {
    status: number;
    headers: Record<string, string>;
    body: string;
    truncated: boolean;
    invalidUtf8: boolean;
    /** The body as received (after Content-Encoding), for media types that are not text. */
    bytes: Buffer;
  };
  failure?: TransportFailure;
  /**
   * Set instead of a response or a failure when the exchange is one the
   * runner cannot judge: the request could not be written as given
   * (`unsendable`: undici refuses it before sending, wire-text.ts), or the
   * server switched protocols (`upgrade`). Never the server's fault.
   */
  unsupported?: { kind: 'unsendable' | 'upgrade'; message: string };
}

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** Whole-exchange deadline per request, in milliseconds. */
  timeoutMs: number;
  /** Stop reading a body after this many bytes. */
  maxBodyBytes: number;
  /** Inject a dispatcher (tests, proxies); default: a private Agent closed by `close()`. */
  dispatcher?: Dispatcher;
}

/** A request passed on as a client sent it: headers as given (repeated ones as arrays), the body streamed. */
export interface RelayedRequest {
  method: string;
  /** `http://127.0.0.1:8080` */
  origin: string;
  /** The path and query to send, exactly as given (no normalisation: the proxy passes the client's target on). */
  path: string;
  /** Forwardable headers only, as an object or as `[name, value, ...]` lines: undici refuses hop-by-hop ones (Connection, Transfer-Encoding, Expect, ...). */
  headers: Record<string, string | string[]> | string[];
  /** The body, whole or as it arrives; undefined when the request has none (no chunked framing is added then). */
  body: Buffer | Readable | undefined;
  /** Aborting it ends the exchange; the result is then a `connection` failure. */
  signal?: AbortSignal;
}

/** What came back from a relayed request: the answer as received and as the checks read it, or the failure. */
export interface RelayedResult extends IncomingResult {
  /** Status, headers (repeated ones as arrays) and body bytes exactly as received (still content-coded), when a complete answer came. */
  raw?: { status: number; headers: Record<string, string | string[]>; body: Buffer };
}

/** Sends requests; `close()` releases its connections. */
export interface HttpClient {
  /** Throws TargetUnreachableError unless a TCP connection to the URL's host and port opens. */
  probe(url: string): Promise<void>;
  send(request: OutgoingRequest): Promise<IncomingResult>;
  /** Pass a request on unchanged and read the whole answer (same deadline and size cap as `send`). */
  relay(request: RelayedRequest): Promise<RelayedResult>;
  close(): Promise<void>;
}

/** An HTTP client for contract runs. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const owned = options.dispatcher ? undefined : new Agent({ connect: { timeout: options.timeoutMs } });
  const dispatcher = options.dispatcher ?? owned!;
  return {
    probe: (url) => probe(url, options.timeoutMs),
    send: (request) => {
      const path = pathOf(request.url);
      const unsendable = unsendableRequest(path, request.headers);
      if (unsendable)
        return Promise.resolve({ durationMs: 0, unsupported: { kind: 'unsendable', message: unsendable } });
      return exchange(
        dispatcher,
        { ...request, body: request.body, origin: new URL(request.url).origin, path },
        options,
      );
    },
    relay: async (request) => {
      // The proxy answers its client whatever happened: an upgrade it cannot pass on is a failed exchange there.
      const result = await exchange(dispatcher, request, options);
      if (!result.unsupported) return result;
      const { unsupported, ...rest } = result;
      return { ...rest, failure: { kind: 'connection', message: unsupported.message } };
    },
    close: async () => {
      await owned?.close();
    },
  };
}

/** Open and close one TCP connection: fails fast, before any case runs, when nothing listens. */
function probe(url: string, timeoutMs: number): Promise<void> {
  const target = new URL(url);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new TargetUnreachableError(`cannot reach ${target.origin} (${reason})`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('error', (error) => fail(errorCode(error) || error.message));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

/** What both `send` and `relay` hand to undici. */
type Dispatched = Pick<RelayedRequest, 'method' | 'origin' | 'path' | 'signal'> & {
  headers: RelayedRequest['headers'];
  body: string | Buffer | Readable | undefined;
};

/**
 * One request and its whole answer within the deadline, read under the size
 * cap, then decoded. The deadline is kept without an AbortSignal of its own:
 * undici's headers timeout bounds the wait for the answer, a timer the
 * reading of its body. Node 20's AbortSignal.timeout and AbortSignal.any keep
 * the signals they make alive (nodejs/node#54614, #55351), and even a plain
 * AbortController per request is a cost a proxy making thousands a second
 * notices; the caller's signal (the run stopping) is passed as it is.
 */
async function exchange(
  dispatcher: Dispatcher,
  request: Dispatched,
  options: HttpClientOptions,
): Promise<RelayedResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response: Dispatcher.ResponseData;
  let switched = false;
  const attempt = () =>
    requestOn(dispatcher, {
      origin: request.origin,
      path: request.path,
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.body,
      ...(request.signal ? { signal: request.signal } : {}),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      onInfo: ({ statusCode }) => {
        switched ||= statusCode === SWITCHING_PROTOCOLS;
      },
    });
  try {
    try {
      response = await attempt();
    } catch (error) {
      // A kept-alive connection the server closed while the request was being written (RFC 9112
      // section 9.3.1 allows the server to close an idle connection at any time): retry once on a
      // new connection, as browsers do. Any other failure, and a second one, is the server's.
      // A streamed body (the proxy's) cannot be sent twice.
      if (!isStaleConnection(error, switched) || request.signal?.aborted || request.body instanceof Readable)
        throw error;
      response = await attempt();
    }
  } catch (error) {
    // Unreachable before the run is the probe's fault (exit 2). During the run it is a
    // finding on this case (the server stopped answering, likely because of the one before):
    // the results so far and the reports are kept. An upgrade is no answer the runner judges.
    if (isUpgradeError(error, switched) && !request.signal?.aborted)
      return { durationMs: elapsed(), unsupported: { kind: 'upgrade', message: UPGRADE_NOT_SUPPORTED } };
    // wire-text.ts checks what undici checks before sending; should undici refuse something else, it is still no server's fault.
    const refused = refusedArgument(error);
    if (refused) return { durationMs: elapsed(), unsupported: { kind: 'unsendable', message: refused } };
    return { durationMs: elapsed(), failure: failureOf(error, options.timeoutMs, request.signal) };
  }
  const read = await readCapped(response.body, options.maxBodyBytes, options.timeoutMs - (performance.now() - started));
  if ('error' in read)
    return { durationMs: elapsed(), failure: failureOf(read.error, options.timeoutMs, request.signal) };
  if (read.truncated) {
    return {
      durationMs: elapsed(),
      failure: {
        kind: 'too-large',
        message: `response body is larger than ${formatBytes(options.maxBodyBytes)}; plantkit stopped reading it`,
      },
    };
  }
  const received = read.bytes;
  const headers = flattenHeaders(response.headers);
  const decoded = decodeContent(received, headers['content-encoding'], options.maxBodyBytes);
  if ('failure' in decoded) return { durationMs: elapsed(), failure: decoded.failure };
  const bytes = decoded.bytes;
  let body: string;
  let invalidUtf8 = false;
  try {
    body = UTF8.decode(bytes);
  } catch {
    body = bytes.toString('utf8');
    invalidUtf8 = true;
  }
  const raw = { status: response.statusCode, headers: rawHeaders(response.headers), body: received };
  return {
    durationMs: elapsed(),
    raw,
    response: { status: response.statusCode, headers, body, truncated: false, invalidUtf8, bytes },
  };
}

/** Strict UTF-8: a body that is not UTF-8 is said so (`invalidUtf8`), not silently repaired. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The whole body, or `truncated` once it passes `cap` bytes (the rest is not
 * read), or the error that ended it, a timeout when `remainingMs` run out;
 * the body is always consumed or destroyed.
 */
function readCapped(
  body: Readable,
  cap: number,
  remainingMs: number,
): Promise<{ bytes: Buffer; truncated: boolean } | { error: unknown }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(
      () => body.destroy(new DOMException('the deadline passed while the body was read', 'TimeoutError')),
      Math.max(0, remainingMs),
    );
    const settle = (outcome: { bytes: Buffer; truncated: boolean } | { error: unknown }) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) return void chunks.push(chunk);
      body.destroy();
      settle({ bytes: Buffer.alloc(0), truncated: true });
    });
    body.once('end', () =>
      settle({ bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), truncated: false }),
    );
    body.once('error', (error) => settle({ error }));
  });
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Headers as received, repeated ones (Set-Cookie) kept apart: joining them would change their meaning (RFC 6265 section 3). */
function rawHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) kept[name.toLowerCase()] = value;
  return kept;
}
