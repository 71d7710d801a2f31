/** Reading a request body with a size cap and strict UTF-8 (RFC 8259 section 8.1). */
import type { IncomingMessage } from 'node:http';
import { formatBytes } from '../http/byte-size.js';

/** The body text, or the status and message to refuse it with. */
export type BodyOutcome = { ok: true; text: string } | { ok: false; status: 400 | 413; message: string };

/** Read the whole body, refusing more than `limit` bytes (413) and invalid UTF-8 (400). */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = Number(request.headers['content-length']);
  const tooLarge = { ok: false as const, status: 413 as const, message: `body is larger than the mock's limit of ${formatBytes(limit)}` };
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: BodyOutcome) => {
      if (done) return;
      done = true;
      request.removeAllListeners('data');
      resolve(outcome);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge);
      else chunks.push(chunk);
    });
    request.on('error', () => finish({ ok: false, status: 400, message: 'the request body could not be read' }));
    request.on('end', () => {
      try {
        finish({ ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        finish({ ok: false, status: 400, message: 'body is not valid UTF-8' });
      }
    });
  });
}
