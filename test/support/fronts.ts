/**
 * Servers that stand in front of a test app or stand in for a broken one:
 * a dead target (accepts connections, never answers) and a counting proxy
 * (how many requests were in flight at once, and when each arrived).
 */
import { createServer as createHttpServer, request as forward, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

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
