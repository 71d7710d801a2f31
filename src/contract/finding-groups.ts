/**
 * What a run's findings come to, grouped: spec gaps (one per operation and
 * undocumented status, spec-gaps.ts) and distinct failures (one per failure
 * signature, signature.ts). Reports and the spec-gap overlay read these.
 */

/**
 * A status the server answered that the operation does not document, although
 * HTTP calls for it here (a 404 for a made-up id, 401 on an auth case, a 4xx
 * for invalid input; checks/http-refusals.ts): one per operation and status.
 */
export interface SpecGap {
  /** Operation id, method, path template, and its JSON pointer in the spec (where a fix adds the response). */
  operation: string;
  method: string;
  path: string;
  pointer: string;
  status: number;
  /** Why the status is right, as the first case that got it shows. */
  reason: string;
  /** `document 404 on findOne`. */
  fix: string;
  /** Ids of the cases that got it, each once, in the order they were sent. */
  cases: string[];
  /** Responses with this status, shrinking and sequences included. */
  responses: number;
  /** Bodies seen, one per shape (at most 8, each cut at 2 KiB), with their media type; raw: reporters redact them. */
  bodies: Array<{ mediaType: string | undefined; body: string }>;
}

/** One distinct failure of a run: the failing cases that share a signature (operation, check, status or status class, pointer). */
export interface DistinctFailure {
  /** `createTodo server-error 500`, `findOne response-schema 2xx /title`. */
  signature: string;
  operation: string;
  check: string;
  /** `500` (exact for a 5xx), `4xx`, `2xx`, or the transport failure (`timeout`). */
  status: string;
  pointer: string;
  /** The message of the first failing case's finding. */
  message: string;
  /** Ids of the failing cases behind it, in the order they were recorded. */
  cases: string[];
}
