/**
 * A request as the mock and the proxy receive it and the contract runner
 * sends it, and what is wrong with it: violations are data (STYLE habit 4),
 * so the mock turns them into a status, the proxy into client findings and
 * the runner into "this positive case would not be valid".
 */
import type { ParameterValues } from '../params/decode.js';
import type { Operation } from '../spec/types.js';

/** A routed request, before any check. */
export interface RequestInput {
  operation: Operation;
  /** Path parameters as routed (percent-decoded). */
  pathParameters: Record<string, string>;
  /** The query string without `?`, as sent (switches such as `__code` already removed). */
  search: string;
  /** Header values by lower-case name. */
  headers: Record<string, string>;
  /** The body bytes; undefined or empty when none was sent. */
  body: Buffer | undefined;
}

/** What kind of rule a request breaks; decides the status the mock answers with. */
export type RequestViolationKind =
  /** Credentials missing or refused (401). */
  | 'security'
  /** A parameter missing, unreadable or invalid. */
  | 'parameter'
  /** No Content-Type, or one the operation does not accept (415 where documented). */
  | 'content-type'
  /** A body where the operation documents none (415 where documented). */
  | 'unexpected-body'
  /** A required body missing. */
  | 'missing-body'
  /** The body does not parse as its media type. */
  | 'body-syntax'
  /** The body parses but breaks its schema. */
  | 'body';

/** One way a request breaks the spec. */
export interface RequestViolation {
  kind: RequestViolationKind;
  /** `/query/limit`, `/body/name`, `/header/content-type`, `` for the request as a whole. */
  pointer: string;
  /** One line that reads on its own: `query parameter 'limit' must be <= 100`. */
  message: string;
  /** `WWW-Authenticate` challenges (security violations). */
  challenges?: string[];
}

/** The request read and checked. */
export interface CheckedRequest {
  parameters: ParameterValues;
  /** The body's media type as sent and its decoded value; undefined without a body. */
  body: { mediaType: string; value: unknown } | undefined;
  violations: RequestViolation[];
}
