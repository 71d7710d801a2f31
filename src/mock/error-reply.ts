/**
 * The mock's error answers (its refusals and its own 500s) in the spec's own
 * declarations: the response the operation documents for the status (OAS
 * 4.8.16) gives the media type, the schema and the example of the body
 * (error-body.ts), and the response headers it documents (OAS 4.8.17: a
 * required `X-Request-ID` is sent on a 400 as on a 200), so a refusal passes
 * the same self-check as every answer. A documented response without content
 * has no body. The explanation always travels in `x-plantkit-reason` too:
 * the spec's error schema may have no free-text field for it.
 */
import type { Encoded } from '../core/codec/types.js';
import { stringifyJson } from '../core/json/exact-json.js';
import { type ErrorResponse, encodeError } from '../core/server/error-body.js';
import type { Operation, OperationResponse } from '../core/spec/types.js';
import { findResponse } from '../core/validation/compile-validators.js';
import type { MockState } from './mock-state.js';
import type { MockReply } from './reply.js';
import { responseHeaders } from './response-headers.js';

/** Where the mock explains a refusal (always, and the only place when the documented response has no body). */
const REASON_HEADER = 'x-plantkit-reason';

/** An Error-shaped reply with `status` and `message` in the documented response's shape; `headers` win over documented ones. */
export function errorReply(
  state: MockState,
  operation: Operation | undefined,
  status: number,
  message: string,
  headers?: Record<string, string>,
): MockReply {
  const documented = operation && findResponse(operation, status);
  const own = documentedHeaders(state, documented);
  if (!own.ok && status !== 500)
    return errorReply(
      state,
      operation,
      500,
      `the mock's ${status} response for ${operation!.id} fails the spec: ${own.message}; fix the spec's header schema or examples`,
    );
  // A refusal documented without content has none. The mock's own 500s (a fault of the spec it serves) always
  // say why in the body too: they are no documented answer.
  const ownFault = status >= 500;
  const written = writtenError(state, operation, status, message, !(documented?.content.length === 0 && !ownFault));
  // Written in the order the headers go out: the documented ones, the Content-Type, the reason, then `headers`
  // (a name already present keeps its place and takes the later value, as an object spread would).
  const sent: Record<string, string> = own.ok ? own.headers : {};
  if (written.body !== undefined) sent['content-type'] = written.contentType;
  sent[REASON_HEADER] = written.reason;
  if (headers) for (const name of Object.keys(headers)) sent[name] = headers[name]!;
  return { status, headers: sent, body: written.body, reason: message };
}

/** An error answer as sent: its reason header, and its Content-Type and bytes unless it has no body (shared, never written into). */
interface WrittenError {
  /** The message as the reason header's value. */
  reason: string;
  contentType: string;
  body: Buffer | string | undefined;
}

/**
 * The error answer for `operation`, `status` and `message`, written. It depends on those alone (error-body.ts
 * fills the documented schema deterministically and checks the result against it; whether there is a body
 * follows from the operation and status), so each is built and checked once, then served as the same bytes:
 * a client that repeats a bad request repeats its refusal. Multipart bodies are not kept (each gets its own
 * random boundary). Bounded: messages quote what clients send.
 */
function writtenError(
  state: MockState,
  operation: Operation | undefined,
  status: number,
  message: string,
  withBody: boolean,
): WrittenError {
  let memo = WRITTEN.get(state);
  if (!memo) WRITTEN.set(state, (memo = { size: 0, byOperation: new Map() }));
  // Keyed by the operation object and status first, then the message text: no key string to build and hash.
  // Operations belong to the state's spec, so they live as long as this memo.
  let byStatus = memo.byOperation.get(operation);
  if (!byStatus) memo.byOperation.set(operation, (byStatus = new Map()));
  let byMessage = byStatus.get(status);
  if (!byMessage) byStatus.set(status, (byMessage = new Map()));
  const known = byMessage.get(message);
  if (known) return known;
  const written = withBody
    ? { reason: headerText(message), ...writtenBody(state, operation, status, message) }
    : { reason: headerText(message), contentType: '', body: undefined };
  if (written.contentType.toLowerCase().startsWith('multipart/')) return written;
  if (memo.size >= MAX_WRITTEN) {
    memo.byOperation.clear();
    memo.size = 0;
    memo.byOperation.set(operation, (byStatus = new Map([[status, (byMessage = new Map())]])));
  }
  byMessage.set(message, written);
  memo.size += 1;
  return written;
}

/** The error body and its Content-Type: the documented shape, or JSON saying why where that cannot say it. */
function writtenBody(
  state: MockState,
  operation: Operation | undefined,
  status: number,
  message: string,
): { contentType: string; body: Buffer | string } {
  const error = state.errorBody(operation, status, message);
  // The mock's own 500s (a fault of the spec it serves) always say why in the body: they are no documented answer.
  const encoded = status >= 500 && !saysWhy(error.body, message) ? undefined : encodedOrNothing(error);
  return {
    contentType: encoded?.contentType ?? 'application/json',
    body: encoded ? asciiText(encoded.body) : stringifyJson({ error: status, message }),
  };
}

/**
 * ASCII bytes as their text, which start-mock.ts sends in the headers' write as it is (bytes would be
 * copied into a string on every refusal); other bytes as they are.
 */
function asciiText(bytes: Buffer): Buffer | string {
  for (const byte of bytes) if (byte > 0x7f) return bytes;
  return bytes.toString('latin1');
}

/** Error bodies kept per mock state before the memo starts over. */
const MAX_WRITTEN = 1024;
/** Written errors of one mock state by operation (undefined: none matched), status and message; `size` counts them all. */
interface WrittenMemo {
  size: number;
  byOperation: Map<Operation | undefined, Map<number, Map<string, WrittenError>>>;
}
const WRITTEN = new WeakMap<MockState, WrittenMemo>();

/** The body written by its media type's codec (encodeError); undefined when the codec cannot write it (the caller writes JSON). */
function encodedOrNothing(error: ErrorResponse): Encoded | undefined {
  try {
    return encodeError(error);
  } catch {
    return undefined;
  }
}

/** True when `body` holds the explanation itself (a schema without a free-text field cannot). */
function saysWhy(body: unknown, message: string): boolean {
  return body === message || (typeof body === 'object' && body !== null && Object.values(body).includes(message));
}

type HeaderResult = ReturnType<typeof responseHeaders>;

/** The headers `response` documents, worked out once per response (a refusal is answered often, always alike); the caller's own copy. */
function documentedHeaders(state: MockState, response: OperationResponse | undefined): HeaderResult {
  if (!response || response.headers.length === 0) return { ok: true, headers: {} };
  let headers = HEADERS.get(response);
  if (!headers) {
    try {
      headers = responseHeaders(response, {
        validator: (schema) => state.schemaValidator(schema, 'response'),
        scope: state.scope,
        seed: 1,
      });
    } catch (error) {
      // A header schema Ajv cannot compile: the answer says so instead of failing to be written.
      headers = { ok: false, message: `a documented header's schema cannot be read (${(error as Error).message})` };
    }
    HEADERS.set(response, headers);
  }
  return headers.ok ? { ok: true, headers: { ...headers.headers } } : headers;
}

const HEADERS = new WeakMap<OperationResponse, HeaderResult>();

/** A message as a header value: Latin-1 without control characters (RFC 9110 section 5.5), at most 300 characters. */
export function headerText(message: string): string {
  return message.slice(0, 300).replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
