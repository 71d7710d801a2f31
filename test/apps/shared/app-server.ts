/**
 * The node:http plumbing every reference app shares: listen on 127.0.0.1
 * port 0, read the whole request, record it, route it, and turn a handler
 * that throws into a plain 500 (a correct app never throws, so a 500 here is a
 * bug in the app itself, made visible instead of a hang).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningApp } from '../plant-store.js';

/** One request as the apps see it: the body read in full, the query decoded. */
export interface AppRequest {
  /** Upper-case method; HEAD is routed as GET (node:http then sends no body, RFC 9110 section 9.3.2). */
  method: string;
  /** The path as sent, without the query, still percent-encoded. */
  path: string;
  /** Query pairs in order, decoded as application/x-www-form-urlencoded (WHATWG URL). */
  query: Array<[string, string]>;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers one request. */
export type AppHandler = (request: AppRequest, response: ServerResponse) => void | Promise<void>;

/** A running app, plus the base URL its spec's servers (or basePath) put the operations under. */
export interface ReferenceApp extends RunningApp {
  /** `url` followed by the spec's base path, such as `http://127.0.0.1:5123/v1`. */
  baseUrl: string;
  /** The port, for raw-socket tests. */
  port: number;
}

/** Start `handle` on 127.0.0.1, port 0; `basePath` only names `baseUrl` (routing is the handler's). */
export async function startApp(handle: AppHandler, basePath = ''): Promise<ReferenceApp> {
  const requests: RunningApp['requests'] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = incoming.url ?? '/';
      requests.push({
        method: incoming.method ?? '',
        path: target,
        headers: incoming.headers,
        body: body.toString('utf8'),
      });
      const request: AppRequest = {
        method: (incoming.method ?? 'GET').toUpperCase(),
        path: target.split('?')[0]!,
        // The query after the first `?`, without any fragment a raw client may have sent.
        query: [
          ...new URLSearchParams(target.includes('?') ? target.slice(target.indexOf('?') + 1).split('#')[0] : ''),
        ],
        headers: incoming.headers,
        body,
      };
      Promise.resolve()
        .then(() => handle(request, response))
        .catch((error: unknown) => {
          if (response.headersSent) return void response.destroy();
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end(`reference app bug: ${(error as Error).message}`);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}${basePath}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Send `status` with `body` (none when undefined) and `headers`; Content-Length is set by node. */
export function reply(
  response: ServerResponse,
  status: number,
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, headers);
  response.end(body);
}

/** Wait `ms` milliseconds (the slow variants; a real timer, no fake clock needed in an app). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
