/**
 * A test's own answer for one operation, checked against the spec when the
 * test writes it: an unknown operation, an undocumented status or media
 * type, or a body or header the spec does not allow throws there, with the
 * findings `plantkit contract` would report for that response, so an answer
 * the real API can never send never reaches the component.
 */
import { codecFor, type Decoded } from '../core/codec/index.js';
import { UsageError } from '../core/errors.js';
import type { ReceivedResponse } from '../core/exchange/types.js';
import { parseMediaType } from '../core/http/media-type.js';
import { describeFinding, judgeDecoded } from '../core/response/judge-response.js';
import type { CheckContext } from '../core/response/types.js';
import type { Operation, OperationResponse } from '../core/spec/types.js';
import { findResponse } from '../core/validation/compile-validators.js';
import type { MockState } from '../mock/mock-state.js';
import type { FixedAnswer } from '../mock/respond.js';
import { responseHeaders } from '../mock/response-headers.js';

/** What an override answers: a documented status, and optionally the body and headers. */
export interface OverrideResponse {
  status: number;
  /** The body value (a JSON value, form fields, text); omitted: the mock's own answer for this status. */
  body?: unknown;
  /** Header values; documented headers not given here are produced as the mock produces them. */
  headers?: Record<string, string>;
  /** The documented media type `body` is written in (default: the first the status documents). */
  contentType?: string;
}

/** Most names listed in a message about what exists. */
const MAX_LISTED = 30;

/** The fixed answer for `operationId`, or a UsageError saying what the spec documents instead. */
export function checkOverride(
  state: MockState,
  context: CheckContext,
  operationId: string,
  answer: OverrideResponse,
): { operation: Operation; fixed: FixedAnswer } {
  const operation = state.spec.operations.find((candidate) => candidate.id === operationId);
  const subject = `override('${operationId}', ${String(answer?.status)})`;
  if (!operation)
    throw new UsageError(
      `${subject}: ${state.spec.title || 'the spec'} has no operation '${operationId}'`,
      `operations: ${listed(state.spec.operations.map((candidate) => candidate.id))}`,
    );
  const response = Number.isInteger(answer?.status) ? findResponse(operation, answer.status) : undefined;
  if (!response)
    throw new UsageError(
      `${subject}: ${operationId} documents no ${String(answer?.status)} response`,
      `documented: ${listed(operation.responses.map((candidate) => candidate.status))}`,
    );
  const headers = Object.fromEntries(
    Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const received = receivedResponse(state, operation, response, answer, headers, subject);
  const findings = judgeDecoded(
    received.response,
    received.decoded,
    operation,
    context,
    'msw-override',
    answer.body === undefined ? ['status-documented', 'response-headers'] : undefined,
  );
  if (findings.length > 0)
    throw new UsageError(
      `${subject} is not a response the spec allows for ${operationId} (${operation.method} ${operation.path}):\n${findings.map(describeFinding).join('\n')}`,
    );
  return { operation, fixed: { status: answer.status, value: answer.body, headers } };
}

/** The response as the client would receive it: the mock's headers under the test's, the body encoded as documented. */
function receivedResponse(
  state: MockState,
  operation: Operation,
  response: OperationResponse,
  answer: OverrideResponse,
  headers: Record<string, string>,
  subject: string,
): { response: ReceivedResponse; decoded: Decoded | undefined } {
  const produced = responseHeaders(response, {
    validator: (schema) => state.schemaValidator(schema, 'response'),
    scope: state.scope,
    seed: 0,
  });
  const all = { ...(produced.ok ? produced.headers : {}), ...headers };
  const base = { status: answer.status, truncated: false, invalidUtf8: false };
  if (answer.body === undefined) return { response: { ...base, headers: all, body: '' }, decoded: undefined };
  const key = answer.contentType ?? response.content[0]?.mediaType;
  const media = response.content.find((candidate) => candidate.mediaType === key);
  const mediaType = key === undefined ? undefined : parseMediaType(key);
  if (!media || !mediaType) {
    // A body where none is documented: judged as JSON, so the runner's unexpected-body check names it.
    const body = JSON.stringify(answer.body) ?? '';
    if (response.content.length > 0 && answer.contentType !== undefined)
      throw new UsageError(
        `${subject}: ${operation.id} documents no '${answer.contentType}' body for ${answer.status}`,
        `documented: ${response.content.map((candidate) => candidate.mediaType).join(', ')}`,
      );
    return {
      response: { ...base, headers: { 'content-type': 'application/json', ...all }, body },
      decoded: { ok: true, value: answer.body, validatable: true },
    };
  }
  const codec = codecFor(mediaType);
  const context = { mediaType, schema: media.schema, encoding: media.encoding };
  const encoded = codec.encode(answer.body, context);
  const decoded = codec.decode(encoded.body, context);
  return {
    response: {
      ...base,
      headers: { 'content-type': encoded.contentType, ...all },
      body: encoded.body.toString('utf8'),
      bytes: encoded.body,
    },
    // Multipart decodes asynchronously; the value the test wrote is what those bytes decode to.
    decoded: decoded instanceof Promise ? settled(decoded, answer.body) : decoded,
  };
}

function settled(pending: Promise<Decoded>, value: unknown): Decoded {
  pending.catch(() => undefined);
  return { ok: true, value, validatable: true };
}

function listed(names: readonly string[]): string {
  const unique = [...new Set(names)];
  return unique.length > MAX_LISTED
    ? `${unique.slice(0, MAX_LISTED).join(', ')} and ${unique.length - MAX_LISTED} more`
    : unique.join(', ');
}
