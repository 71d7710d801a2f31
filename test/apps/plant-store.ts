/**
 * A real Plant Store implementation on node:http, written independently of
 * plantkit's own modules (it uses lossless-json directly for exact int64),
 * plus variants that each break the contract in exactly one way, and
 * variants that are odd but correct (no false alarms allowed).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';

/** Ways the server can behave; `correct` is the reference. */
export type Variant =
  // broken, one way each
  | 'wrong-200-shape' // 200 body lacks `name`
  | 'wrong-400-shape' // 400 body is {"code": ...} instead of Error
  | 'accepts-invalid' // answers 200 to bodies missing required fields
  | 'ignores-auth' // never checks Authorization
  | 'wrong-content-type' // answers text/html
  | 'undocumented-status' // answers 201 instead of 200
  | 'server-error' // 500 on a body with a tag
  | 'hang' // never answers a valid request
  | 'non-json' // 200 with a non-JSON body labelled application/json
  | 'echoes-id' // 200 includes the id (valid, but --strict flags it)
  | 'wrong-echo' // 200 upper-cases the name
  | 'huge-body' // 200 with a 12 MiB JSON body
  // broken for some values only (found by the generated cases)
  | 'rejects-non-ascii-name' // 400 for a name with any non-ASCII character
  | 'rejects-long-name' // 400 for a name longer than 64 characters
  | 'rejects-int64-max' // 400 for id 9223372036854775807, which is valid
  | 'rejects-negative-id' // 400 for any negative id, which is valid
  | 'accepts-int64-overflow' // 200 for ids above int64, such as 9223372036854775808
  | 'rejects-empty-name' // 400 for name ""
  // odd but correct
  | 'correct'
  | 'auth-403' // 403 for bad credentials
  | 'auth-400' // 400 (Error) for bad credentials
  | 'charset' // Content-Type: application/json; charset=utf-8
  | 'extra-headers' // many extra response headers
  | 'key-order' // {"tag":..,"name":..}
  | 'omit-tag' // never returns the optional tag
  | 'slow-150ms' // answers after 150 ms
  | 'rejects-duplicate-id'; // 400 for an id it has already stored (uniqueness is not documented, but allowed)

/** A running server. */
export interface RunningApp {
  url: string;
  close(): Promise<void>;
  /** Requests received so far (method, path, headers, body). */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }>;
}

/** The token the reference server accepts. */
export const APP_TOKEN = 'test-token-7f3a9c';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Start the app on 127.0.0.1, port 0. */
export async function startPlantStore(variant: Variant = 'correct', token = APP_TOKEN): Promise<RunningApp> {
  const requests: RunningApp['requests'] = [];
  const stored = new Set<bigint>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      void handle(variant, token, request, body, response, stored);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(
  variant: Variant,
  token: string,
  request: IncomingMessage,
  body: string,
  response: ServerResponse,
  stored: Set<bigint>,
): Promise<void> {
  const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
    const contentType =
      variant === 'wrong-content-type'
        ? 'text/html'
        : variant === 'charset'
          ? 'application/json; charset=utf-8'
          : 'application/json';
    const extra =
      variant === 'extra-headers'
        ? { 'x-request-id': 'abc', 'cache-control': 'no-store', 'x-powered-by': 'plants', server: 'test' }
        : {};
    response.writeHead(status, { 'content-type': contentType, ...extra, ...headers });
    response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };
  const error = (status: number, message: string) => {
    if (variant === 'wrong-400-shape' && status === 400) return send(400, { code: 'bad_request', detail: message });
    return send(status, { error: status, message });
  };

  const path = (request.url ?? '').split('?')[0];
  if (path !== '/plants') return error(404, 'not found');
  if (request.method !== 'POST') return send(405, { error: 405, message: 'method not allowed' }, { allow: 'POST' });

  if (variant !== 'ignores-auth') {
    const match = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || match[1] !== token) {
      if (variant === 'auth-403') return error(403, 'forbidden');
      if (variant === 'auth-400') return error(400, 'missing or invalid bearer token');
      return send(401, { error: 401, message: 'missing or invalid bearer token' }, { 'www-authenticate': 'Bearer' });
    }
  }

  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') return error(400, 'Content-Type must be application/json');
  let parsed: unknown;
  try {
    parsed = parseLossless(body);
  } catch (cause) {
    return error(400, `body is not valid JSON: ${(cause as Error).message}`);
  }
  const problem =
    variant === 'accepts-invalid' ? undefined : checkNewPlant(parsed, variant === 'accepts-int64-overflow');
  if (problem) return error(400, problem);
  const plant = parsed as Record<string, unknown>;
  const name = String(plant.name ?? 'unnamed');
  const tag = typeof plant.tag === 'string' ? plant.tag : undefined;
  const id = isLosslessNumber(plant.id) ? BigInt(plant.id.value) : 0n;

  if (variant === 'rejects-non-ascii-name' && /[^\u0000-\u007f]/.test(name)) return error(400, 'name must be ASCII');
  if (variant === 'rejects-long-name' && [...name].length > 64) return error(400, 'name is longer than 64 characters');
  if (variant === 'rejects-int64-max' && id === INT64_MAX) return error(400, 'id is out of range');
  if (variant === 'rejects-negative-id' && id < 0n) return error(400, 'id must not be negative');
  if (variant === 'rejects-empty-name' && name === '') return error(400, 'name must not be empty');
  if (variant === 'rejects-duplicate-id') {
    if (stored.has(id)) return error(400, `a plant with id ${id} exists already`);
    stored.add(id);
  }

  if (variant === 'hang') return; // never answers
  if (variant === 'slow-150ms') await new Promise((resolve) => setTimeout(resolve, 150));
  if (variant === 'server-error' && tag !== undefined) return send(500, { error: 500, message: 'database exploded' });
  if (variant === 'non-json') return send(200, `<plant name="${name}"/>`);
  if (variant === 'huge-body') return send(200, JSON.stringify({ name, tag: 'x'.repeat(12 * 1024 * 1024) }));
  if (variant === 'wrong-200-shape') return send(200, { title: name, tag });
  if (variant === 'undocumented-status') return send(201, { name, tag });
  if (variant === 'wrong-echo') return send(200, { name: name.toUpperCase(), ...(tag === undefined ? {} : { tag }) });
  if (variant === 'echoes-id')
    return send(
      200,
      `{"id":${String(plant.id)},"name":${JSON.stringify(name)}${tag === undefined ? '' : `,"tag":${JSON.stringify(tag)}`}}`,
    );
  if (variant === 'key-order') return send(200, tag === undefined ? { name } : { tag, name });
  if (variant === 'omit-tag') return send(200, { name });
  return send(200, tag === undefined ? { name } : { name, tag });
}

/** Why `value` is not a NewPlant (interface document, Resources section), or undefined. */
function checkNewPlant(value: unknown, allowAboveInt64 = false): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'body must be a JSON object';
  const plant = value as Record<string, unknown>;
  if (!('id' in plant)) return "body must have required property 'id'";
  if (!('name' in plant)) return "body must have required property 'name'";
  const id = plant.id;
  if (!isLosslessNumber(id) || !/^-?\d+$/.test(id.value)) return 'id must be an integer';
  const exact = BigInt(id.value);
  if (exact < INT64_MIN || (exact > INT64_MAX && !allowAboveInt64)) return 'id must be within int64';
  if (typeof plant.name !== 'string') return 'name must be a string';
  if ('tag' in plant && typeof plant.tag !== 'string') return 'tag must be a string';
  return undefined;
}
