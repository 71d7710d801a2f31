/** Raw HTTP/1.1 over a socket, for requests fetch refuses to send (broken headers, bad bytes). */
import { connect } from 'node:net';

/** A parsed raw response. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Send `bytes` to 127.0.0.1:`port`, read until the server closes or `Connection: close` body ends. */
export function rawRequest(port: number, bytes: Buffer | string, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no response within the timeout'));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      const status = Number(head[0]?.split(' ')[1]);
      const headers = Object.fromEntries(
        head
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length']);
      const raw = text.slice(split + 4);
      resolve({
        status,
        headers,
        body: Number.isFinite(length) ? Buffer.from(raw).subarray(0, length).toString('utf8') : raw,
      });
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      if (split >= 0 && length !== undefined && Buffer.concat(chunks).length >= split + 4 + Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (chunks.length > 0) finish();
      else reject(error);
    });
    socket.write(bytes);
  });
}

/** A well-formed HTTP/1.1 request as bytes; `body` may be a Buffer of arbitrary bytes. */
export function httpRequest(
  method: string,
  target: string,
  headers: Array<[string, string]>,
  body?: Buffer | string,
): Buffer {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  if (body !== undefined && !headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name)))
    lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}
