// What the suites that start servers in their own processes share: a free
// port to start one on, its resident memory, and numbers as the tables show them.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of process `pid`, in kB (Linux /proc). */
export function rssKb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

/** `12,345`. */
export function fmt(n) {
  return n.toLocaleString('en-US');
}
