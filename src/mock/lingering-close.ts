/**
 * Closing a connection whose request body the mock did not read (a 413 for
 * a body over its limit) in stages, as RFC 9112 section 9.6 asks: the answer
 * goes out and the write side is closed, then what the client still sends
 * is read and dropped until it stops, for at most `ms`, before the socket
 * is destroyed. Destroying it at once while the client still sends makes
 * the TCP stack reset the connection, and the client can lose the answer it
 * was sent (EPIPE instead of the 413).
 */
import type { Socket } from 'node:net';

/** How long a closing connection keeps reading what the client still sends. */
const LINGER_MS = 2_000;

/** Make Node's close after the answer (`destroySoon`) a staged one on this socket. */
export function lingerOnClose(socket: Socket, ms = LINGER_MS): void {
  socket.destroySoon = function lingering(this: Socket): void {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.resume();
  };
}
