/**
 * A Fetch API Request (what MSW hands a resolver) as the mock pipeline
 * reads it (src/mock/pipeline-request.ts): the target below the API's base
 * URL, lower-case headers, and the body read from a clone (MSW may offer the
 * request to further handlers) up to the mock's size cap. A page's fetch
 * never shows its Cookie header to a service worker: the cookies MSW
 * gathered for the request (document.cookie, by the request's credentials
 * mode) stand in for it, so cookie credentials (OAS apiKey `in: cookie`)
 * work in a page as over the wire.
 */
import { formatBytes } from '../core/http/byte-size.js';
import type { PipelineRequest } from '../mock/pipeline-request.js';

/** The pipeline's view of `request`, whose target below the base URL is `target`; `cookies` are MSW's for it. */
export function fetchRequest(request: Request, target: string, cookies: Record<string, string> = {}): PipelineRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${value}`);
  if (headers.cookie === undefined && pairs.length > 0) headers.cookie = pairs.join('; ');
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
