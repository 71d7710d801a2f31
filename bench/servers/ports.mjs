// Helpers the server benchmarks share (bench/suites/mock.mjs, proxy.mjs).
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `12,345`: requests per second as the tables print them. */
export function fmt(n) {
  return n.toLocaleString('en-US');
}
