// @ts-check
/**
 * Servers the README samples run against, on 127.0.0.1 port 0: fronts that
 * forward to a real mock and break one thing, and a dead target (accepts
 * connections, never answers). Each registers its cleanup and the URL the
 * samples show instead of its real one.
 */
import { createServer, request as forward } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

/** What servers register: cleanups (run last first) and real URL -> shown URL. */
export class ServerRegistry {
  /** @param {string} shownUrl the address samples show for these servers */
  constructor(shownUrl) {
    this.shownUrl = shownUrl;
    /** @type {Array<() => Promise<void>>} */
    this.cleanups = [];
    /** @type {Map<string, string>} */
    this.shownUrls = new Map();
  }

  /** Listen on a free port; the server closes (with its connections) at cleanup. @param {import('node:http').Server | import('node:net').Server} server */
  async listen(server) {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    const url = `http://127.0.0.1:${address.port}`;
    this.cleanups.push(
      () =>
        new Promise((resolve) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => resolve(undefined));
        }),
    );
    this.shownUrls.set(url, this.shownUrl);
    return url;
  }

  /**
   * A front for `upstream`: `refuse` may answer a request (its body and
   * headers) itself with a 400 Error body; `rewrite` may change an upstream
   * answer's body; `keepDeleted` answers a DELETE of an item the upstream can
   * read with 204 and deletes nothing (other DELETEs go through, refusals
   * included); `allHeaders` passes every upstream header on (else only
   * Content-Type).
   * @param {string} upstream
   * @param {{ rewrite?: (status: number, body: string) => string, refuse?: (body: string, headers: import('node:http').IncomingHttpHeaders) => string | undefined, keepDeleted?: boolean, allHeaders?: boolean }} behaviour
   */
  async front(upstream, behaviour) {
    const server = createServer((incoming, outgoing) => {
      /** @type {Buffer[]} */
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const refusal = behaviour.refuse?.(body, incoming.headers);
        if (refusal !== undefined) {
          outgoing.writeHead(400, { 'content-type': 'application/json' }).end(refusal);
          return;
        }
        const target = `${upstream}${incoming.url}`;
        if (
          behaviour.keepDeleted &&
          incoming.method === 'DELETE' &&
          (await upstreamCall(target, 'GET', incoming.headers, '')).status === 200
        ) {
          outgoing.writeHead(204).end();
          return;
        }
        const answer = await upstreamCall(target, incoming.method ?? 'GET', incoming.headers, body);
        const sent = behaviour.rewrite ? behaviour.rewrite(answer.status, answer.text) : answer.text;
        const {
          'content-length': _length,
          'transfer-encoding': _coding,
          connection: _connection,
          ...passed
        } = answer.headers;
        outgoing
          .writeHead(
            answer.status || 502,
            behaviour.allHeaders ? passed : { 'content-type': answer.headers['content-type'] ?? 'application/json' },
          )
          .end(sent);
      });
    });
    return this.listen(server);
  }

  /** A target that accepts connections and never answers. */
  async deadTarget() {
    /** @type {Set<import('node:net').Socket>} */
    const sockets = new Set();
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    const url = await this.listen(server);
    // Cleanups run last first: the sockets go before the server waits for them.
    this.cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
    });
    return url;
  }

  /** Run every cleanup, last registered first. */
  async close() {
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }
}

/**
 * One request to an upstream server, read to the end.
 * @param {string} url @param {string} method @param {import('node:http').IncomingHttpHeaders} headers @param {string} body
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
function upstreamCall(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    // A GET standing in for a DELETE carries no body (none of its framing headers) and accepts what the read answers.
    const { 'content-length': _length, 'transfer-encoding': _coding, accept: _accept, ...bodyless } = headers;
    const request = forward(url, { method, headers: method === 'GET' ? bodyless : headers }, (answer) => {
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A 400 body rewritten out of the spec's Error shape ({error, message})
 * into another one ({code, detail}): the README's failing run.
 * @param {number} status @param {string} text
 */
export function rewriteErrors(status, text) {
  if (status !== 400) return text;
  const error = JSON.parse(text);
  return JSON.stringify({ code: 'bad_request', detail: error.message });
}

/**
 * A front's refusal: a 400 Error body for a request whose `name` is refused
 * (the generated-cases samples), else undefined (forwarded).
 * @param {(name: string) => boolean} refused @param {string} message
 */
export function refuseName(refused, message) {
  return (/** @type {string} */ body) => {
    try {
      const name = JSON.parse(body).name;
      return typeof name === 'string' && refused(name) ? JSON.stringify({ error: 400, message }) : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * A front's refusal: a 400 Error body for a request carrying the cookie
 * `name=value` (the generated parameter sample), else undefined (forwarded).
 * @param {string} name @param {string} value @param {string} message
 */
export function refuseCookie(name, value, message) {
  return (/** @type {string} */ _body, /** @type {import('node:http').IncomingHttpHeaders} */ headers) => {
    const cookies = (headers.cookie ?? '').split(';').map((pair) => pair.trim());
    return cookies.includes(`${name}=${value}`) ? JSON.stringify({ error: 400, message }) : undefined;
  };
}
