/**
 * The request body on its way to the upstream, with a copy of up to the
 * cap kept for checking. A small body of known length (up to
 * BUFFERED_BYTES, as nginx buffers request bodies) is read whole and sent
 * in one write: it has usually arrived with the headers, and streaming it
 * costs more than it saves. Anything larger, or of unknown length
 * (chunked), streams as it arrives with backpressure kept (a slow upstream
 * slows the client, nothing piles up); once the upstream has answered, the
 * rest is still read for the copy, so the client is never left half-sent.
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
  /** What the upstream reads: the bytes, a stream, or undefined for a request without a body (nothing to frame). */
  outgoing: Buffer | Readable | undefined;
  /** Resolves when the client has sent the whole body (or stopped sending). */
  copy: Promise<BodyCopy>;
  /** The copy once it is settled, without waiting. */
  settled(): BodyCopy | undefined;
  /** The upstream is done: stop feeding it and keep reading for the copy. */
  release(): void;
}

/** Bodies up to this size with a Content-Length are read whole before they are sent. */
const BUFFERED_BYTES = 64 * 1024;

const EMPTY: BodyCopy = { bytes: Buffer.alloc(0), complete: true };

/** Split `request`'s body; the copy keeps at most `cap` bytes. */
export async function teeBody(request: IncomingMessage, cap: number): Promise<BodyTee> {
  const length = Number(request.headers['content-length'] ?? 0);
  // RFC 9112 section 6.3: no Transfer-Encoding and no positive Content-Length means no body.
  if (request.headers['transfer-encoding'] === undefined && !(length > 0)) {
    request.resume();
    return { outgoing: undefined, copy: Promise.resolve(EMPTY), settled: () => EMPTY, release() {} };
  }
  const feed =
    request.headers['transfer-encoding'] === undefined && length <= Math.min(BUFFERED_BYTES, cap)
      ? undefined
      : new PassThrough();
  const tee = collect(request, cap, feed);
  if (feed) return tee;
  const copy = await tee.copy;
  return { ...tee, outgoing: copy.complete ? copy.bytes : undefined };
}

/** Read `request` into a copy, writing every chunk to `feed` (when streaming) until released. */
function collect(request: IncomingMessage, cap: number, feed: PassThrough | undefined): BodyTee {
  let feeding = feed !== undefined;
  let settled: BodyCopy | undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  const copy = new Promise<BodyCopy>((resolve) => {
    const finish = (complete: boolean) => {
      if (settled) return;
      settled =
        size > cap
          ? { bytes: Buffer.alloc(0), complete: false }
          : { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), complete };
      resolve(settled);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
      else chunks.length = 0;
      if (feeding && !feed!.write(chunk)) request.pause();
    });
    feed?.on('drain', () => request.resume());
    request.on('end', () => {
      if (feeding) feed!.end();
      finish(true);
    });
    request.on('error', (error) => {
      if (feeding) feed!.destroy(error);
      finish(false);
    });
    request.on('close', () => finish(request.complete));
  });
  return {
    outgoing: feed,
    copy,
    settled: () => settled,
    release() {
      feeding = false;
      request.resume();
    },
  };
}
