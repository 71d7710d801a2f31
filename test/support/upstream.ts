/**
 * A programmable upstream for proxy tests on 127.0.0.1, port 0: records
 * every request exactly as it arrived (method, raw target, raw header
 * lines, body bytes) and answers with the handler the test gives, which
 * may also misbehave at the socket level (hang, reset).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the upstream received it. */
export interface ReceivedRequest {
  method: string;
  /** The request target exactly as sent. */
  target: string;
  /** Header lines as sent: `[name, value]` in order, names in their original case. */
  rawHeaders: Array<[string, string]>;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Answers one recorded request. */
export type UpstreamHandler = (
  request: ReceivedRequest,
  response: ServerResponse,
  incoming: IncomingMessage,
) => void | Promise<void>;

/** A running upstream. */
export interface Upstream {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** Start an upstream answering with `handle` once each request body has arrived. */
export async function startUpstream(handle: UpstreamHandler): Promise<Upstream> {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawHeaders: Array<[string, string]> = [];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2)
        rawHeaders.push([incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!]);
      const request = {
        method: incoming.method ?? '',
        target: incoming.url ?? '',
        rawHeaders,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      void Promise.resolve(handle(request, response, incoming)).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A valid 200 Plant answer of the Plant Store. */
export function plantAnswer(response: ServerResponse, headers: Record<string, string | string[]> = {}): void {
  const body = JSON.stringify({ name: 'Fern' });
  response.writeHead(200, { 'content-type': 'application/json', ...headers });
  response.end(body);
}
