/** What the mock sends back for one request, before CORS headers are added. */

/** A finished mock answer. */
export interface MockReply {
  status: number;
  headers: Record<string, string>;
  /** Serialised body; undefined for none (204, HEAD, a response without content). */
  body: Buffer | string | undefined;
  /** For the log line: why a 4xx/5xx was sent. */
  reason?: string;
}
