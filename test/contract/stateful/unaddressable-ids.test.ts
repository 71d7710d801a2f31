/**
 * A server may name an item so that no path segment can address it: `""`
 * (GitHub's refs take the name the client writes, empty included), `.` or
 * `..` (dot segments, removed before sending: RFC 3986 section 5.2.4). The
 * steps on such an item would reach another resource (`/notes/` is the
 * collection's path), so they are not sent, and the run reports no failure
 * the server did not cause. Items with ordinary ids are still followed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';

const NOTE = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', readOnly: true }, text: { type: 'string' } },
};
const json = { 'application/json': { schema: NOTE } };
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: json },
        responses: { '201': { description: 'Created', content: json } },
      },
      get: {
        operationId: 'listNotes',
        responses: {
          '200': {
            description: 'All notes',
            content: { 'application/json': { schema: { type: 'array', items: NOTE } } },
          },
        },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getNote',
        responses: { '200': { description: 'The note', content: json }, '404': { description: 'None' } },
      },
      delete: {
        operationId: 'deleteNote',
        responses: { '204': { description: 'Deleted' }, '404': { description: 'None' } },
      },
    },
  },
};

/** A correct notes server that names its first three notes "", "." and "..", then 1, 2, 3... */
function notesServer() {
  const notes = new Map<string, { id: string; text: string }>();
  const names = ['', '.', '..'];
  let serial = 0;
  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      if (path === '/notes' && request.method === 'GET') return send(response, 200, [...notes.values()]);
      if (path === '/notes' && request.method === 'POST') {
        const id = names[serial] ?? String(serial - names.length + 1);
        serial += 1;
        const note = { id, text: String((JSON.parse(text) as { text?: unknown }).text ?? '') };
        notes.set(id, note);
        return send(response, 201, note);
      }
      const match = /^\/notes\/([^/]+)$/.exec(path);
      const note = match ? notes.get(decodeURIComponent(match[1]!)) : undefined;
      if (!match) return send(response, 404);
      if (request.method === 'GET') return note ? send(response, 200, note) : send(response, 404);
      if (request.method === 'DELETE')
        return notes.delete(note?.id ?? '\0') ? send(response, 204) : send(response, 404);
      return send(response, 405);
    });
  });
}

test('items named "", "." and ".." are not addressed; the others are followed, and nothing fails', async () => {
  const server = notesServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const result = await runContract({
      baseUrl: `http://127.0.0.1:${port}`,
      spec: await loadSpec({ document: SPEC }),
      contracts: false,
      seed: 3,
      phases: ['stateful'],
      // The sequences alone: this server checks no request (the static cases are others' business).
      only: ['createNote/stateful'],
    });
    const failures = result.results.flatMap((item) =>
      item.findings
        .filter((finding) => finding.class === 'failure')
        .map((finding) => `${item.case.id}: ${finding.message}`),
    );
    expect(failures).toEqual([]);
    const urls = result.results.flatMap((item) => item.sequence?.steps.map((step) => step.url) ?? []);
    // Items with ordinary ids were read or deleted by their own URL.
    expect(urls.some((url) => /\/notes\/\d+$/.test(url))).toBe(true);
    expect(urls.filter((url) => /\/notes\/(\.|%2E)*$/i.test(url))).toEqual([]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
