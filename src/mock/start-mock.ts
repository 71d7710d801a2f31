/**
 * `startMock()`: the mock server. node:http in front, the request pipeline
 * in handle-request.ts, Prism behind it. Malformed HTTP (oversized or broken
 * headers) is answered in the spec's Error shape too, and the server keeps
 * serving.
 */
import { createServer, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { stringifyJson } from '../core/json/exact-json.js';
import type { Collection } from '../core/resources/types.js';
import { listenFault } from '../core/server/listen-fault.js';
import { createRequestLog, type RequestLog } from '../core/server/request-log.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { scanPatterns, takeUnusablePatterns } from '../core/validation/pattern.js';
import { answerSourcesFor } from './answer-sources.js';
import { deliver } from './deliver.js';
import { errorReply } from './error-reply.js';
import { handleRequest, type PipelineSettings } from './handle-request.js';
import { buildMockState, type MockState } from './mock-state.js';
import { type MockOptions, type NormalizedMockOptions, normalizeMockOptions } from './options.js';
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
  const served: Served = {
    state: await buildMockState(settings.spec, settings.allowExternalRefs, settings.credentials, settings.stateful),
  };
  const store = settings.stateful
    ? new ResourceStore(settings.data === undefined ? new Map() : await readDataFile(settings.data, served.state))
    : undefined;
  const log = createRequestLog(settings.log);
  const notices = createRequestLog(settings.notices);
  noteSpecProblems(notices, served.state.spec);
  const server = createMockServer(served, pipelineSettings(settings, store, notices), settings.cors, log);
  await listen(server, settings.port, settings.host);
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  const stopWatching = reloadOnChange(settings, served, notices);
  return {
    url,
    port,
    spec: () => served.state.spec,
    // Collections nothing can create in keep their stateless answers unless --data filled them.
    collections: () =>
      (served.state.resources?.collections ?? []).filter(
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

/** The state being served: replaced whole by a hot reload, read once per request. */
interface Served {
  state: MockState;
}

/** The pipeline's server-wide settings: answer sources, seeds per answer, warnings said once. */
function pipelineSettings(
  settings: NormalizedMockOptions,
  store: ResourceStore | undefined,
  notices: RequestLog,
): PipelineSettings {
  let sequence = 0;
  const said = new Set<string>();
  return {
    dynamic: settings.dynamic,
    cors: settings.cors,
    maxBodyBytes: settings.maxBodyBytes,
    store,
    sources: answerSourcesFor({ store }),
    nextSeed: () => (settings.seed === undefined ? undefined : `${settings.seed}:${sequence++}`),
    warn: (message: string) => {
      if (said.has(message)) return;
      said.add(message);
      notices.note(`plantkit mock: warning: ${message}`);
    },
  };
}

/** The HTTP server: each request through the pipeline, its reply delivered; malformed HTTP answered in the Error shape. */
function createMockServer(served: Served, pipeline: PipelineSettings, cors: boolean, log: RequestLog) {
  const server = createServer({ maxHeaderSize: 16 * 1024 }, (request, response) => {
    const started = performance.now();
    const current = served.state;
    // Two closures per request, where a reply thunk and its helpers took five: each is an allocation and a
    // lazy-compile stub on its first call, on every request.
    handleRequest(nodeRequest(request), current, pipeline).then(
      (reply) => deliver(reply, request, response, current, cors, log, started),
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
        deliver(reply, request, response, current, cors, log, started);
      },
    );
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    answerMalformed(error, socket, served.state),
  );
  return server;
}

/** With --watch, reload the spec when its file changes; a spec that fails to load keeps the last good one. Returns the stop. */
function reloadOnChange(settings: NormalizedMockOptions, served: Served, notices: RequestLog): () => void {
  const specPath = typeof settings.spec === 'string' ? settings.spec : undefined;
  if (!settings.watch || !specPath) return () => {};
  return watchSpec(specPath, async () => {
    try {
      served.state = await buildMockState(
        specPath,
        settings.allowExternalRefs,
        settings.credentials,
        settings.stateful,
      );
      notices.note(`reloaded ${specPath}: ${served.state.spec.operations.length} operation(s)`);
      noteSpecProblems(notices, served.state.spec);
    } catch (error) {
      notices.note(
        `plantkit mock: ${error instanceof Error ? error.message : String(error)}; still serving the last good spec`,
      );
    }
  });
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
