/**
 * Refusals HTTP calls for whatever a spec documents: why a 4xx is the right
 * answer to this request, one rule per status family (issue 18, section 1).
 * An undocumented status one of these rules explains is a spec gap, not a
 * failure; on a valid request, a status a rule explains (other than the
 * invalid-input one) does not deny the request's validity.
 *
 * Where each applies:
 * - 404/410: a resource the run made up or deleted (resource-state.ts).
 * - 405: a method the spec does not declare for the path.
 * - 401/403: an auth case (credentials missing, malformed, wrong).
 * - 406: an Accept header that admits none of the operation's documented media types.
 * - 413: a request with a body (the size limit is the server's to choose; RFC 9110 section 15.5.14).
 * - 414: a request target of 2 KiB or more (RFC 9110 section 4.1 recommends taking 8000 octets; 2 KiB is the smallest limit common in practice).
 * - 415: a Content-Type the operation does not take, or a body where it takes none.
 * - 429: any request (rate limits are the server's; RFC 6585 section 4).
 * - 431: header fields of 4 KiB or more (RFC 6585 section 5).
 * - any 4xx: invalid input (a negative or auth case), or the status a contracts/ scenario names.
 */

import type { Exchange } from '../exchange/types.js';
import { negotiate } from '../http/accept.js';
import { matchMediaType, parseMediaType } from '../http/media-type.js';
import type { Operation } from '../spec/types.js';
import { expectsNotFound, NOT_FOUND_STATUSES, resourceStateOf } from './resource-state.js';

/** A request target this long may be refused with 414. */
const LONG_TARGET_BYTES = 2048;

/** Header fields this large may be refused with 431. */
const LARGE_HEADERS_BYTES = 4096;

/** One rule: the statuses it explains, and why they are right for this exchange (undefined: they are not). */
interface RefusalRule {
  statuses: ReadonlySet<number> | 'any-4xx';
  /** False for the rules that say the request was invalid: on a valid request those statuses deny its validity. */
  keepsValidity: boolean;
  reason(exchange: Exchange, status: number): string | undefined;
}

const RULES: readonly RefusalRule[] = [
  {
    statuses: NOT_FOUND_STATUSES,
    keepsValidity: true,
    reason: (exchange) => {
      const state = resourceStateOf(exchange.case);
      if (!expectsNotFound(state)) return undefined;
      return state === 'deleted' ? 'the resource was deleted earlier in the run' : "the run made up the resource's id";
    },
  },
  {
    statuses: new Set([405]),
    keepsValidity: true,
    reason: ({ case: contractCase }) =>
      contractCase.request.method.toUpperCase() === contractCase.operation.method.toUpperCase()
        ? undefined
        : `${contractCase.request.method} is not declared for ${contractCase.operation.path}`,
  },
  {
    statuses: new Set([401, 403]),
    keepsValidity: false,
    reason: ({ case: contractCase }) =>
      contractCase.kind === 'auth' || contractCase.expect.outcome === 'auth-rejection'
        ? 'the request carried no valid credentials'
        : undefined,
  },
  {
    statuses: new Set([406]),
    keepsValidity: true,
    reason: ({ case: contractCase }) =>
      acceptsNone(contractCase.operation, contractCase.request.headers.accept)
        ? 'the Accept header admits none of the documented media types'
        : undefined,
  },
  {
    statuses: new Set([413]),
    keepsValidity: true,
    reason: ({ case: contractCase }) =>
      contractCase.request.body ? "the request has a body, whose size limit is the server's" : undefined,
  },
  {
    statuses: new Set([414]),
    keepsValidity: true,
    reason: ({ case: contractCase }) =>
      Buffer.byteLength(contractCase.request.path) >= LONG_TARGET_BYTES
        ? 'the request target is 2 KiB or more'
        : undefined,
  },
  {
    statuses: new Set([415]),
    keepsValidity: true,
    reason: ({ case: contractCase }) =>
      takesNot(contractCase.operation, contractCase.request)
        ? 'the Content-Type is not one the operation takes'
        : undefined,
  },
  {
    statuses: new Set([429]),
    keepsValidity: true,
    reason: () => 'the server limits the request rate',
  },
  {
    statuses: new Set([431]),
    keepsValidity: true,
    reason: ({ case: contractCase }) =>
      headerBytes(contractCase.request.headers) >= LARGE_HEADERS_BYTES
        ? 'the header fields are 4 KiB or more'
        : undefined,
  },
  {
    statuses: 'any-4xx',
    keepsValidity: false,
    reason: ({ case: contractCase }, status) => {
      const expect = contractCase.expect;
      if (expect.outcome === 'status') return expect.status === status ? 'a contracts/ scenario expects it' : undefined;
      if (expect.outcome !== 'rejection' && expect.outcome !== 'auth-rejection') return undefined;
      return contractCase.operation.responses.some((response) => response.status.startsWith('4'))
        ? 'the request was invalid'
        : 'the request was invalid, and the operation documents no 4xx';
    },
  },
];

/** Why the 4xx `status` is what HTTP calls for on this exchange; undefined when nothing explains it. */
export function httpRefusalReason(exchange: Exchange, status: number): string | undefined {
  return reasonFrom(RULES, exchange, status);
}

/** Why the 4xx `status` leaves a valid request valid (a made-up id's 404, a 429); undefined when it denies it. */
export function validityKeepingReason(exchange: Exchange, status: number): string | undefined {
  return reasonFrom(
    RULES.filter((rule) => rule.keepsValidity),
    exchange,
    status,
  );
}

function reasonFrom(rules: readonly RefusalRule[], exchange: Exchange, status: number): string | undefined {
  if (status < 400 || status >= 500) return undefined;
  for (const rule of rules) {
    if (rule.statuses !== 'any-4xx' && !rule.statuses.has(status)) continue;
    const reason = rule.reason(exchange, status);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/** The media types the operation answers with outside errors (every one, when it documents only errors). */
function answerMediaTypes(operation: Operation): string[] {
  const success = operation.responses.filter((response) => !/^[45]/.test(response.status));
  const responses = success.length > 0 ? success : operation.responses;
  return responses.flatMap((response) => response.content.map((media) => media.mediaType));
}

function acceptsNone(operation: Operation, accept: string | undefined): boolean {
  const documented = answerMediaTypes(operation);
  return accept !== undefined && documented.length > 0 && negotiate(accept, documented) === undefined;
}

function takesNot(operation: Operation, request: { headers: Record<string, string>; body?: string }): boolean {
  const documented = operation.requestBody?.content.map((media) => media.mediaType) ?? [];
  if (documented.length === 0) return request.body !== undefined && request.body !== '';
  const essence = parseMediaType(request.headers['content-type'])?.essence;
  return essence === undefined || matchMediaType(essence, documented) === undefined;
}

function headerBytes(headers: Readonly<Record<string, string>>): number {
  return Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
}
