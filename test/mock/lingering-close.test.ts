/**
 * RFC 9112 section 9.6: a mock that refuses a body over its limit (413)
 * without reading it closes the connection in stages, so a client still
 * sending the body reads the 413 instead of a reset (EPIPE). A client that
 * declares a huge body and sends none still gets its 413 at once, and the
 * connection ends within the linger bound.
 */
import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { withMock } from '../support/mock.js';

const HEAD = (length: number) =>
  `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** Send `head` and `body` on a fresh connection; what came back before it closed, or the socket error. */
function exchange(port: number, head: string, body: Buffer): Promise<{ text: string; error?: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ text, error: error.code, ms: Date.now() - started }),
    );
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.write(head);
    if (body.length > 0) socket.write(body);
  });
}

describe('a 413 for a body the mock did not read', () => {
  test('a client still sending 16 MiB reads the whole 413, every time (no reset)', async () => {
    await withMock({ spec: 'openapi.yaml' }, async (mock) => {
      const port = Number(new URL(mock.url).port);
      const body = Buffer.alloc(16 * 1024 * 1024, 0x61);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const answer = await exchange(port, HEAD(body.length), body);
        expect(answer.error, `attempt ${attempt}`).toBeUndefined();
        expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.text).toMatch(/connection: close/i);
        expect(answer.text).toContain("body is larger than the mock's limit");
      }
    });
  }, 60_000);

  test('a declared huge body that never comes: the 413 at once, and the connection ends within the linger bound', async () => {
    await withMock({ spec: 'openapi.yaml' }, async (mock) => {
      const port = Number(new URL(mock.url).port);
      const answer = await exchange(port, HEAD(999_999_999), Buffer.alloc(0));
      expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.ms).toBeLessThan(10_000);
    });
  }, 30_000);
});
