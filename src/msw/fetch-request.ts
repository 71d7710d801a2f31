/**
 * A Fetch API Request (what MSW hands a resolver) as the mock pipeline
 * reads it (src/mock/pipeline-request.ts): the target below the API's base
 * URL, lower-case headers, and the body read from a clone (MSW may offer the
 * request to further handlers) up to the mock's size cap.
 */
import { formatBytes } from '../http/byte-size.js';
import type { PipelineRequest } from '../mock/pipeline-request.js';

/** The pipeline's view of `request`, whose target below the base URL is `target`. */
export function fetchRequest(request: Request, target: string): PipelineRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return {
    method: request.method,
    url: target,
    headers,
    async readBody(limit) {
      const tooLarge = {
        ok: false as const,
        status: 413 as const,
        message: `body is larger than the mock's limit of ${formatBytes(limit)}`,
      };
      if (Number(headers['content-length']) > limit) return tooLarge;
      if (request.body === null) return { ok: true, bytes: Buffer.alloc(0) };
      try {
        const bytes = Buffer.from(await request.clone().arrayBuffer());
        return bytes.length > limit ? tooLarge : { ok: true, bytes };
      } catch {
        return { ok: false, status: 400, message: 'the request body could not be read' };
      }
    },
  };
}
