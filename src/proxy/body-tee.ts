/**
 * The request body on its way to the upstream, streamed as it arrives
 * (backpressure kept: a slow upstream slows the client, nothing piles up),
 * with a copy of up to the cap kept for checking. Once the upstream has
 * answered, the rest of the body is still read for the copy, so the client
 * is never left hanging half-sent.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';

/** The copy of a request body; `complete` is false when it was larger than the cap or did not arrive whole. */
export interface BodyCopy {
  bytes: Buffer;
  complete: boolean;
}

/** A request body split in two. */
export interface BodyTee {
  /** What the upstream reads; undefined for a request without a body (nothing to frame). */
  stream: Readable | undefined;
  /** Resolves when the client has sent the whole body (or stopped sending). */
  copy: Promise<BodyCopy>;
  /** The upstream is done: stop feeding it and keep reading for the copy. */
  release(): void;
}

/** True when the request has a body (RFC 9112 section 6.3: Transfer-Encoding, or a Content-Length above 0). */
export function hasBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/** Split `request`'s body; the copy keeps at most `cap` bytes. */
export function teeBody(request: IncomingMessage, cap: number): BodyTee {
  if (!hasBody(request)) {
    request.resume();
    return { stream: undefined, copy: Promise.resolve({ bytes: Buffer.alloc(0), complete: true }), release() {} };
  }
  const stream = new PassThrough();
  let feeding = true;
  const chunks: Buffer[] = [];
  let size = 0;
  const copy = new Promise<BodyCopy>((resolve) => {
    let done = false;
    const finish = (complete: boolean) => {
      if (done) return;
      done = true;
      resolve({ bytes: size <= cap ? Buffer.concat(chunks) : Buffer.alloc(0), complete: complete && size <= cap });
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
      else chunks.length = 0;
      if (feeding && !stream.write(chunk)) request.pause();
    });
    stream.on('drain', () => request.resume());
    request.on('end', () => {
      if (feeding) stream.end();
      finish(true);
    });
    request.on('error', (error) => {
      if (feeding) stream.destroy(error);
      finish(false);
    });
    request.on('close', () => finish(request.complete));
  });
  return {
    stream,
    copy,
    release() {
      feeding = false;
      request.resume();
    },
  };
}
