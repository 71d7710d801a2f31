/**
 * A file service on Hono with @hono/zod-openapi (served by @hono/node-server), its OpenAPI document generated
 * from the Zod schemas of each route, written as the zod-openapi README shows: `createRoute` with a Zod schema
 * per request part (validated by the route, `400` on failure), success responses only, `app.doc()` serving the
 * document, and a 404 the spec does not document. Uploads are multipart; a name already taken gets ` (1)`,
 * ` (2)`, ... before its extension, as browsers and file hosts do, so an upload never replaces another file.
 * `GET /files` answers the names as plain strings, and those names are the `{filename}` of the item paths.
 *
 * Each broken variant is one switch away from the correct app and serves the same spec:
 * - `wrong-content-type`: downloads are labelled `text/plain` where the spec says `application/octet-stream`;
 * - `stale-list`: GET /files answers from a copy taken on its first call, so new uploads never show up;
 * - `boom-on-empty-file`: uploading an empty file (0 bytes, which the spec allows) answers 500.
 */
import { serve } from '@hono/node-server';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';

/** The variants of the file service. */
export const fileVariants = ['correct', 'wrong-content-type', 'stale-list', 'boom-on-empty-file'];

const FileName = z
  .string()
  .min(1)
  .openapi({ param: { name: 'filename', in: 'path' }, example: 'notes.txt' });

const StoredFile = z
  .object({
    name: z.string().openapi({ example: 'notes.txt' }),
    size: z.number().int().openapi({ example: 120 }),
  })
  .openapi('StoredFile');

const Upload = z.object({ file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) }).openapi('Upload');

const uploadFile = createRoute({
  method: 'post',
  path: '/files',
  operationId: 'uploadFile',
  summary: 'Upload a file',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: Upload } } } },
  responses: {
    201: { description: 'The name it is stored under', content: { 'application/json': { schema: StoredFile } } },
  },
});

const listFiles = createRoute({
  method: 'get',
  path: '/files',
  operationId: 'listFiles',
  summary: 'Names of the stored files',
  responses: {
    200: { description: 'File names', content: { 'application/json': { schema: z.array(z.string()) } } },
  },
});

const downloadFile = createRoute({
  method: 'get',
  path: '/files/{filename}',
  operationId: 'downloadFile',
  summary: 'Download a file',
  request: { params: z.object({ filename: FileName }) },
  responses: {
    200: {
      description: 'The file as uploaded',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
  },
});

const deleteFile = createRoute({
  method: 'delete',
  path: '/files/{filename}',
  operationId: 'deleteFile',
  summary: 'Delete a file',
  request: { params: z.object({ filename: FileName }) },
  responses: { 204: { description: 'Deleted' } },
});

/** `notes.txt`, else `notes (1).txt`, `notes (2).txt`, ...: the first name not taken in `files`. */
function freeName(files, name) {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 1; files.has(candidate); copy += 1) candidate = `${stem} (${copy})${extension}`;
  return candidate;
}

/** Build the app (not listening) for `variant`. */
function buildFilesApp(variant = 'correct') {
  if (!fileVariants.includes(variant)) throw new Error(`unknown files variant ${variant}`);
  const app = new OpenAPIHono();
  const files = new Map();
  let listCopy;
  // As Hono's docs show: an HTTPException (a refused body, 415) keeps its response; anything else is a 500
  // (Hono's default handler would also print the stack).
  app.onError((error, c) =>
    error instanceof HTTPException ? error.getResponse() : c.json({ message: 'Internal Server Error' }, 500),
  );

  app.openapi(uploadFile, async (c) => {
    const { file } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (variant === 'boom-on-empty-file' && bytes.length === 0) throw new Error('cannot sniff the type of 0 bytes');
    const name = freeName(files, file.name);
    files.set(name, bytes);
    return c.json({ name, size: bytes.length }, 201);
  });

  app.openapi(listFiles, (c) => {
    if (variant === 'stale-list') listCopy ??= [...files.keys()];
    return c.json(variant === 'stale-list' ? listCopy : [...files.keys()], 200);
  });

  app.openapi(downloadFile, (c) => {
    const bytes = files.get(c.req.valid('param').filename);
    if (!bytes) return c.json({ message: 'file not found' }, 404);
    const type = variant === 'wrong-content-type' ? 'text/plain' : 'application/octet-stream';
    return c.body(bytes, 200, { 'Content-Type': type });
  });

  app.openapi(deleteFile, (c) => {
    if (!files.delete(c.req.valid('param').filename)) return c.json({ message: 'file not found' }, 404);
    return c.body(null, 204);
  });

  app.doc('/openapi.json', {
    openapi: '3.0.0',
    info: { title: 'Files', description: 'Files kept in memory.', version: '1.0.0' },
  });
  return app;
}

/** Start `variant` on 127.0.0.1, port 0: its URL and a close function. */
export function startFilesApp(variant = 'correct') {
  const app = buildFilesApp(variant);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      const close = () =>
        new Promise((closed) => {
          server.close(() => closed());
          // Keep-alive sockets would hold close() open.
          server.closeAllConnections();
        });
      resolve({ url: `http://127.0.0.1:${info.port}`, close });
    });
    server.once('error', reject);
  });
}
