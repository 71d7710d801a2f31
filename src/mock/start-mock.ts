/**
 * `startMock()`: the mock server. node:http in front, the request pipeline
 * in handle-request.ts, Prism behind it. Malformed HTTP (oversized or broken
 * headers) is answered in the spec's Error shape too, and the server keeps
 * serving.
 */
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { stringifyJson } from '../core/json/exact-json.js';
import type { Collection } from '../core/resources/types.js';
import { corsHeaders } from '../core/server/cors.js';
import { listenFault } from '../core/server/listen-fault.js';
import { createRequestLog, type RequestLog } from '../core/server/request-log.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { scanPatterns, takeUnusablePatterns } from '../core/validation/pattern.js';
import { errorReply } from './error-reply.js';
import { handleRequest, type PipelineSettings } from './handle-request.js';
import { lingerOnClose } from './lingering-close.js';
import { buildMockState, MOCK_HEADER, type MockState } from './mock-state.js';
import { type MockOptions, normalizeMockOptions } from './options.js';
import { nodeRequest } from './pipeline-request.js';
import type { MockReply } from './reply.js';
import { watchSpec } from './spec-watcher.js';
import { readDataFile } from './stateful/data-file.js';
import { ResourceStore } from './stateful/store.js';

/** A running mock. */
export interface RunningMock {
  /** `http://127.0.0.1:4010` */
  url: string;
  port: number;
  /** The spec being served (changes after a hot reload). */
  spec(): LoadedSpec;
  /** The collections the stateful mock keeps items of (none when it keeps no state). */
  collections(): readonly Collection[];
  /** Forget what clients created; the preloaded items (`data`) come back. The same as `POST /__plantkit/reset`; nothing to do without state. */
  reset(): void;
  close(): Promise<void>;
}

/** Start a mock serving the spec; resolves once it listens. */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const settings = normalizeMockOptions(options);
  let state = await buildMockState(settings.spec, settings.allowExternalRefs, settings.credentials, settings.stateful);
  const store = settings.stateful
    ? new ResourceStore(settings.data === undefined ? new Map() : await readDataFile(settings.data, state))
    : undefined;
  const log = createRequestLog(settings.log);
  const notices = createRequestLog(settings.notices);
  noteSpecProblems(notices, state.spec);
  let sequence = 0;
  const pipeline: PipelineSettings = {
    dynamic: settings.dynamic,
    cors: settings.cors,
    maxBodyBytes: settings.maxBodyBytes,
    store,
    nextSeed: () => (settings.seed === undefined ? undefined : `${settings.seed}:${sequence++}`),
    warn: (() => {
      const said = new Set<string>();
      return (message: string) => {
        if (said.has(message)) return;
        said.add(message);
        notices.note(`plantkit mock: warning: ${message}`);
      };
    })(),
  };

  const server = createServer({ maxHeaderSize: 16 * 1024 }, (request, response) => {
    const started = performance.now();
    const current = state;
    // Two closures per request, where a reply thunk and its helpers took five: each is an allocation and a
    // lazy-compile stub on its first call, on every request.
    handleRequest(nodeRequest(request), current, pipeline).then(
      (reply) => deliver(reply, request, response, current, settings.cors, log, started),
      (error: unknown) => {
        let reply: MockReply;
        try {
          reply = errorReply(
            current,
            undefined,
            500,
            `internal error in the mock: ${error instanceof Error ? error.message : String(error)}`,
          );
        } catch {
          response.destroy();
          return;
        }
        deliver(reply, request, response, current, settings.cors, log, started);
      },
    );
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerMalformed(error, socket, state));

  await listen(server, settings.port, settings.host);
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

  const specPath = typeof settings.spec === 'string' ? settings.spec : undefined;
  const stopWatching =
    settings.watch && specPath
      ? watchSpec(specPath, async () => {
          try {
            state = await buildMockState(specPath, settings.allowExternalRefs, settings.credentials, settings.stateful);
            notices.note(`reloaded ${specPath}: ${state.spec.operations.length} operation(s)`);
            noteSpecProblems(notices, state.spec);
          } catch (error) {
            notices.note(
              `plantkit mock: ${error instanceof Error ? error.message : String(error)}; still serving the last good spec`,
            );
          }
        })
      : () => {};

  return {
    url,
    port,
    spec: () => state.spec,
    // Collections nothing can create in keep their stateless answers unless --data filled them.
    collections: () =>
      (state.resources?.collections ?? []).filter(
        (collection) => collection.create !== undefined || store?.preloads(collection.path),
      ),
    reset: () => store?.reset(),
    close: async () => {
      stopWatching();
      log.flush();
      notices.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Complete a reply's headers and write it, then log it. A reply that cannot be written (the client went
 * away mid-write) ends that exchange, never the mock: caught here rather than by a `.catch()`, which would
 * be a second promise per request.
 */
function deliver(
  reply: MockReply,
  request: IncomingMessage,
  response: ServerResponse,
  state: MockState,
  cors: boolean,
  log: RequestLog,
  started: number,
): void {
  try {
    // A reply is its request's own (the pipeline builds it fresh): its headers are completed in place.
    if (cors && typeof request.headers.origin === 'string') Object.assign(reply.headers, corsHeaders(request.headers));
    reply.headers[MOCK_HEADER] = state.identity;
    // A body left unread (a 413) is drained before the close, so the client reads the answer.
    if (reply.headers.connection === 'close' && !request.complete) lingerOnClose(request.socket);
    const sent = sendReply(response, reply, state);
    log.request(request.method ?? '', request.url ?? '', sent.status, performance.now() - started, sent.reason);
  } catch {
    response.destroy();
  }
}

/**
 * One line per operation the mock cannot serve for a `$ref` that does not
 * resolve, per place that breaks the OpenAPI schema (naming the operations
 * that reach it; all are answered 500 with the reason, the rest served), and
 * per `pattern` no JavaScript regular expression mode reads (not checked;
 * core/validation/pattern.ts).
 */
function noteSpecProblems(notices: RequestLog, spec: LoadedSpec): void {
  for (const { route, reason, cause } of spec.unservable ?? [])
    if (cause === 'unresolved-ref')
      notices.note(`plantkit mock: warning: ${route} is not served: ${reason}; the rest of the spec is`);
  for (const { pointer, message, routes } of spec.invalidParts ?? [])
    notices.note(
      `plantkit mock: warning: invalid OpenAPI document at ${pointer || '/'}: ${message}; ${reachedBy(routes)}`,
    );
  scanPatterns(spec.document);
  for (const [pattern, reason] of takeUnusablePatterns())
    notices.note(`plantkit mock: warning: pattern ${JSON.stringify(pattern)} is not checked: ${reason}`);
}

/** Which operations a broken place keeps from being served, at most five named. */
function reachedBy(routes: readonly string[]): string {
  if (routes.length === 0) return 'no operation reaches it: every operation is served';
  const named = routes.slice(0, 5).join(', ');
  const more = routes.length > 5 ? ` and ${routes.length - 5} more` : '';
  return `${named}${more} answer${routes.length === 1 ? 's' : ''} 500 saying so; the rest of the spec is served`;
}

/**
 * Write a reply. A header value Node refuses to send (a spec example with
 * non-Latin-1 characters, say) would otherwise throw here and take the
 * process down: the reply becomes a 500 naming the header instead.
 */
function sendReply(response: ServerResponse, reply: MockReply, state: MockState): MockReply {
  try {
    writeReply(response, reply.status, reply.headers, reply.body);
    return reply;
  } catch (error) {
    const fallback = errorReply(
      state,
      undefined,
      500,
      `the mock cannot send its ${reply.status} response: ${(error as Error).message}; fix the spec's header examples`,
    );
    if (!response.headersSent) writeReply(response, fallback.status, fallback.headers, fallback.body);
    else response.destroy();
    return fallback;
  }
}

function writeReply(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | string | undefined,
): void {
  if (body === undefined) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  const length = Buffer.byteLength(body);
  headers['content-length'] = String(length);
  response.writeHead(status, headers);
  // Node sends a string body in the same write as the headers, a Buffer in a second one (writev): for
  // small answers that second write was a third of the mock's time. latin1 maps bytes to characters one
  // to one, so any bytes (JSON, XML, images) go out unchanged, and the headers are written in latin1 as
  // Node writes them alone. Text whose UTF-8 bytes are its characters (ASCII, most JSON) is sent as it
  // is; other text as its UTF-8 bytes.
  if (typeof body === 'string' && length === body.length) response.end(body, 'latin1');
  else {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (bytes.length <= SINGLE_WRITE_BYTES) response.end(bytes.toString('latin1'), 'latin1');
    else response.end(bytes);
  }
}

/** Bodies up to this size are sent in the headers' write (see writeReply). */
const SINGLE_WRITE_BYTES = 64 * 1024;

/** Node answers header overflows and parse errors itself with an empty body; answer in the Error shape instead. */
function answerMalformed(error: NodeJS.ErrnoException, socket: Socket, state: MockState): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason =
    status === 431
      ? 'request headers are too large (limit 16 KiB)'
      : status === 408
        ? 'the request took too long to arrive'
        : `malformed HTTP request (${error.code ?? error.message})`;
  const body = stringifyJson(state.errorBody(undefined, status, reason).body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenFault(error, port, host)));
    server.listen(port, host, () => resolve());
  });
}
