/**
 * Servers that stand in front of a test app or stand in for a broken one:
 * a dead target (accepts connections, never answers) and a counting proxy
 * (how many requests were in flight at once, and when each arrived).
 */
import { createServer as createHttpServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Socket } from 'node:net';

/** A running stand-in server. */
export interface Front {
  url: string;
  close(): Promise<void>;
}

/** Accepts TCP connections on 127.0.0.1 and never answers; counts the requests that arrived. */
export async function startDeadTarget(): Promise<Front & { requests(): number }> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on(
      'data',
      (chunk: Buffer) => (requests += chunk.toString('latin1').match(/^[A-Z]+ \/\S* HTTP\/1\.1\r$/gm)?.length ?? 0),
    );
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Forwards to `target`, recording the most requests in flight at once and each arrival time (ms). */
export async function startCountingProxy(
  target: string,
): Promise<Front & { maxInFlight(): number; arrivals: number[] }> {
  let inFlight = 0;
  let maxInFlight = 0;
  const arrivals: number[] = [];
  const server: Server = createHttpServer((incoming, outgoing) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    arrivals.push(performance.now());
    const upstream = forward(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => (inFlight -= 1));
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    maxInFlight: () => maxInFlight,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request as a recording front received it (exactly), and the answer it passed back. */
export interface RecordedExchange {
  /** Position in arrival order; the answer carries it as `x-recorded-as`. */
  index: number;
  method: string;
  /** The request target exactly as sent. */
  target: string;
  /** Header lines as sent, `[name, value]` in order, names in their original case. */
  rawHeaders: Array<[string, string]>;
  body: Buffer;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  responseBody: Buffer;
}

/**
 * Forwards to `target` and records every exchange, the request exactly as it
 * arrived; each answer gets an `x-recorded-as: <index>` header, so a result
 * of the runner names the request the front recorded for it.
 */
export async function startRecordingFront(target: string): Promise<Front & { exchanges: RecordedExchange[] }> {
  const exchanges: RecordedExchange[] = [];
  const server: Server = createHttpServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const rawHeaders: Array<[string, string]> = [];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2)
        rawHeaders.push([incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!]);
      const index = exchanges.length;
      const upstream = forward(
        `${target}${incoming.url}`,
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const responseBody = Buffer.concat(parts);
            exchanges[index] = {
              index,
              method: incoming.method ?? '',
              target: incoming.url ?? '',
              rawHeaders,
              body,
              status: answer.statusCode ?? 502,
              responseHeaders: answer.headers,
              responseBody,
            };
            const status = answer.statusCode ?? 502;
            const headers = { ...answer.headers, 'x-recorded-as': String(index) };
            delete headers['transfer-encoding'];
            // HEAD, 204 and 304 carry no body (RFC 9110 sections 9.3.2, 15.3.5, 15.4.5): their headers pass as they are.
            const bodiless = incoming.method === 'HEAD' || status === 204 || status === 304;
            if (!bodiless) headers['content-length'] = String(responseBody.length);
            outgoing.writeHead(status, headers);
            outgoing.end(bodiless ? undefined : responseBody);
          });
        },
      );
      exchanges.length = Math.max(exchanges.length, index + 1);
      upstream.on('error', () => outgoing.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
