/**
 * The request as the mock pipeline (handle-request.ts) reads it, whoever
 * received it: Node's http server (`startMock`) or MSW's interceptors
 * (src/msw/fetch-request.ts adapts a Fetch API Request). The body is read
 * only after routing, and only up to the mock's size cap.
 */
import type { IncomingMessage } from 'node:http';
import { readBody, type BodyOutcome } from './read-body.js';

/** Method, target, headers and an on-demand body reader. */
export interface PipelineRequest {
  method: string | undefined;
  /** The request target: path and query. */
  url: string | undefined;
  /** Header names in lower case; repeated headers as arrays. */
  headers: Record<string, string | string[] | undefined>;
  /** The body bytes, or the 400/413 to refuse them with (more than `limit` bytes). */
  readBody(limit: number): Promise<BodyOutcome>;
}

/** A Node request as the pipeline reads it. */
export function nodeRequest(request: IncomingMessage): PipelineRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    readBody: (limit) => readBody(request, limit),
  };
}
