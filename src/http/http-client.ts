/**
 * Sending requests to the system under test: the one module that imports
 * undici. A hanging server becomes a timeout, a huge body is cut at a cap,
 * redirects are never followed (the token must not travel to another
 * origin), a Content-Encoding is undone as a browser would (content-coding.ts),
 * and every response body is consumed or destroyed.
 */
import { connect } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { TargetUnreachableError } from '../errors.js';
import { formatBytes } from './byte-size.js';
import { decodeContent } from './content-coding.js';

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
  failure?: { kind: 'timeout' | 'connection' | 'too-large' | 'encoding'; message: string };
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

/** Sends requests; `close()` releases its connections. */
export interface HttpClient {
  /** Throws TargetUnreachableError unless a TCP connection to the URL's host and port opens. */
  probe(url: string): Promise<void>;
  send(request: OutgoingRequest): Promise<IncomingResult>;
  close(): Promise<void>;
}

/** Errors meaning "nothing is listening there" rather than "the server misbehaved" (the probe reports them as faults). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN']);

/** Errors of a request that found its kept-alive connection closed before any response byte. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** An HTTP client for contract runs. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const owned = options.dispatcher ? undefined : new Agent({ connect: { timeout: options.timeoutMs } });
  const dispatcher = options.dispatcher ?? owned!;
  return {
    probe: (url) => probe(url, options.timeoutMs),
    send: (request) => send(dispatcher, request, options),
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

async function send(dispatcher: Dispatcher, request: OutgoingRequest, options: HttpClientOptions): Promise<IncomingResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  let response: Dispatcher.ResponseData;
  const attempt = () =>
    dispatcher.request({
      origin: new URL(request.url).origin,
      path: pathOf(request.url),
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.body,
      signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  try {
    try {
      response = await attempt();
    } catch (error) {
      // A kept-alive connection the server closed while the request was being written (RFC 9112
      // section 9.3.1 allows the server to close an idle connection at any time): retry once on a
      // new connection, as browsers do. Any other failure, and a second one, is the server's.
      if (!STALE_CONNECTION_CODES.has(errorCode(error)) || signal.aborted) throw error;
      response = await attempt();
    }
  } catch (error) {
    // Unreachable before the run is the probe's fault (exit 2). During the run it is a
    // finding on this case (the server stopped answering, likely because of the one before):
    // the results so far and the reports are kept.
    return { durationMs: elapsed(), failure: failureOf(error, options, request.signal) };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > options.maxBodyBytes) {
        truncated = true;
        break;
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    return { durationMs: elapsed(), failure: failureOf(error, options, request.signal) };
  } finally {
    if (!response.body.destroyed) response.body.destroy();
  }
  if (truncated) {
    return { durationMs: elapsed(), failure: { kind: 'too-large', message: `response body is larger than ${formatBytes(options.maxBodyBytes)}; plantkit stopped reading it` } };
  }
  const headers = flattenHeaders(response.headers);
  const decoded = decodeContent(Buffer.concat(chunks), headers['content-encoding'], options.maxBodyBytes);
  if ('failure' in decoded) return { durationMs: elapsed(), failure: decoded.failure };
  const bytes = decoded.bytes;
  let body: string;
  let invalidUtf8 = false;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    body = bytes.toString('utf8');
    invalidUtf8 = true;
  }
  return { durationMs: elapsed(), response: { status: response.statusCode, headers, body, truncated, invalidUtf8, bytes } };
}

function failureOf(error: unknown, options: HttpClientOptions, stop: AbortSignal | undefined): NonNullable<IncomingResult['failure']> {
  if (stop?.aborted) return { kind: 'connection', message: 'the request was cancelled because the run stopped' };
  const code = errorCode(error);
  const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || (error as Error)?.name === 'TimeoutError' || code === 'ABORT_ERR';
  if (timedOut) return { kind: 'timeout', message: `no complete response within ${options.timeoutMs} ms` };
  if (UNREACHABLE_CODES.has(code)) return { kind: 'connection', message: `the server stopped accepting connections (${code})` };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'connection', message: `connection failed before a complete response: ${message}${code ? ` (${code})` : ''}` };
}

function errorCode(error: unknown): string {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return String(candidate?.code ?? candidate?.cause?.code ?? '');
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
