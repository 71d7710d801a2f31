/**
 * Writing a mock reply on the wire: CORS and identity headers completed in
 * place, the body sent in the headers' write where it can be, a header Node
 * refuses turned into a 500 naming it, and the request logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { corsHeaders } from '../core/server/cors.js';
import type { RequestLog } from '../core/server/request-log.js';
import { errorReply } from './error-reply.js';
import { lingerOnClose } from './lingering-close.js';
import { MOCK_HEADER, type MockState } from './mock-state.js';
import type { MockReply } from './reply.js';

/**
 * Complete a reply's headers and write it, then log it. A reply that cannot be written (the client went
 * away mid-write) ends that exchange, never the mock: caught here rather than by a `.catch()`, which would
 * be a second promise per request.
 */
export function deliver(
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
