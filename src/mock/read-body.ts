/** Reading a request body with a size cap; what the bytes mean is the codec's business. */
import type { IncomingMessage } from 'node:http';
import { formatBytes } from '../core/http/byte-size.js';

/** The body bytes, or the status and message to refuse them with. */
export type BodyOutcome = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; message: string };

/** Read the whole body, refusing more than `limit` bytes (413). */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge(limit));
  if (declared === 0) return Promise.resolve({ ok: true, bytes: Buffer.alloc(0) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: BodyOutcome) => {
      if (done) return;
      done = true;
      // A refusal stops listening, so the rest is not buffered; after 'end' no data comes.
      if (!outcome.ok) request.removeAllListeners('data');
      resolve(outcome);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge(limit));
      else chunks.push(chunk);
    });
    request.on('error', () => finish({ ok: false, status: 400, message: 'the request body could not be read' }));
    // Node copies each chunk out of the socket's buffer: a body in one chunk (most) is used as it came.
    request.on('end', () => finish({ ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
  });
}

/** The 413 for a body over `limit` bytes. */
function tooLarge(limit: number): BodyOutcome {
  return { ok: false, status: 413, message: `body is larger than the mock's limit of ${formatBytes(limit)}` };
}
