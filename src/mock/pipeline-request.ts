/**
 * The request as the mock pipeline (handle-request.ts) reads it, whoever
 * received it: Node's http server (`startMock`) or MSW's interceptors
 * (src/msw/fetch-request.ts adapts a Fetch API Request). The body is read
 * only after routing, and only up to the mock's size cap.
 */
import type { IncomingMessage } from 'node:http';
import { type BodyOutcome, readBody } from './read-body.js';

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
  return new NodePipelineRequest(request);
}

/** The reader is a method, not a closure made per request (every mock request builds one of these). */
class NodePipelineRequest implements PipelineRequest {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;

  constructor(private readonly request: IncomingMessage) {
    this.method = request.method;
    this.url = request.url;
    this.headers = request.headers;
  }

  readBody(limit: number): Promise<BodyOutcome> {
    return readBody(this.request, limit);
  }
}
