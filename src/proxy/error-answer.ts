/**
 * The proxy's own answers, in the spec's Error shape (the mock's factory,
 * core/server/error-body.ts): 502 when the upstream sent no usable answer or, in
 * `errors` mode, one that breaks the contract; 504 when it sent none in
 * time (RFC 9110 sections 15.6.3 and 15.6.5).
 */
import { encodeError } from '../core/server/error-body.js';
import type { Operation } from '../core/spec/types.js';
import type { ProxyState } from './proxy-state.js';
import type { ProxyViolation } from './types.js';

/** What the proxy writes to the client. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Most violations named in a 502's message; the rest are counted. */
const MAX_NAMED = 3;

/** An Error-shaped answer with `status` and `message`, encoded as the mock encodes its own (core/server/error-body.ts). */
export function errorAnswer(
  state: ProxyState,
  operation: Operation | undefined,
  status: number,
  message: string,
): Answer {
  const encoded = encodeError(state.errorBody(operation, status, message));
  return {
    status,
    headers: { 'content-type': encoded.contentType, 'content-length': String(encoded.body.length) },
    body: encoded.body,
  };
}

/** `plantkit proxy: the upstream's answer breaks the contract: response-schema /name: ...`: the message of an `errors` mode 502. */
export function violationMessage(violations: readonly ProxyViolation[]): string {
  const named = violations
    .slice(0, MAX_NAMED)
    .map((violation) => `${violation.check}${violation.pointer ? ` ${violation.pointer}` : ''}: ${violation.message}`);
  const more = violations.length > MAX_NAMED ? `; and ${violations.length - MAX_NAMED} more` : '';
  return `plantkit proxy: the upstream's answer breaks the contract: ${named.join('; ')}${more}`;
}
