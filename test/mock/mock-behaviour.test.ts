/** Mock behaviour beyond single requests: self-validation, CORS, logs, hot reload, seeds. */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startMock } from '../../src/mock/start-mock.js';
import { call, jsonPost } from '../support/http.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures/mock', name);

test('an example that fails the spec is never served: generated valid data is, with a warning naming the example; asked for by name, it is a 500 saying why', async () => {
  let notices = '';
  const mock = await startMock({
    port: 0,
    spec: fixture('bad-example.yaml'),
    notices: { write: (text: string) => (notices += text) },
  });
  try {
    const answer = await call(`${mock.url}/plants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Fern"}',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ name: 'Fern', createdAt: expect.any(String) });
    const why =
      "the mock's 200 response for addPlant fails the spec (body/createdAt must be string); fix the example at bad-example.yaml#/paths/~1plants/post/responses/200/content/application~1json/example or the schema";
    expect(answer.headers.get('x-plantkit-warning')).toBe(`${why}; serving generated data instead`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toBe(`plantkit mock: warning: ${why}; serving generated data instead\n`);
    const pinned = await call(`${mock.url}/plants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'example=example' },
      body: '{"name":"Fern"}',
    });
    expect(pinned.status).toBe(500);
    expect(pinned.json).toEqual({ error: 500, message: why });
  } finally {
    await mock.close();
  }
});

test('a response header Node cannot send becomes a 500 naming it; the mock keeps serving', async () => {
  const mock = await startMock({ port: 0, spec: fixture('bad-header.yaml') });
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call(`${mock.url}/plants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Fern"}',
      });
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({
        error: 500,
        message: expect.stringMatching(
          /^the mock cannot send its 200 response: .*x-plant-note.*; fix the spec's header examples$/i,
        ),
      });
    }
  } finally {
    await mock.close();
  }
});

describe('CORS for credentialed browser requests', () => {
  test('the Origin is echoed with Vary: Origin and credentials allowed, never *', async () => {
    const mock = await startMock({ port: 0 });
    try {
      const answer = await call(
        `${mock.url}/plants`,
        jsonPost('{"id":1,"name":"x"}', { origin: 'http://localhost:5173' }),
      );
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(answer.headers.get('vary')).toBe('Origin');
      const error = await call(`${mock.url}/plants`, { method: 'POST', headers: { origin: 'http://localhost:5173' } });
      expect(error.status).toBe(401);
      expect(error.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(error.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    } finally {
      await mock.close();
    }
  });

  test('preflights for Authorization and Content-Type get 204 with the documented methods', async () => {
    const mock = await startMock({ port: 0 });
    try {
      const answer = await call(`${mock.url}/plants`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(answer.status).toBe(204);
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        'access-control-allow-origin': 'http://localhost:5173',
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'authorization,content-type',
        'access-control-max-age': '600',
      });
      expect(answer.headers.get('vary')).toContain('Origin');
    } finally {
      await mock.close();
    }
  });

  test('no Origin, no CORS headers; --no-cors turns them off', async () => {
    const mock = await startMock({ port: 0, cors: false });
    try {
      const answer = await call(
        `${mock.url}/plants`,
        jsonPost('{"id":1,"name":"x"}', { origin: 'http://localhost:5173' }),
      );
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await call(`${mock.url}/plants`, {
        method: 'OPTIONS',
        headers: { origin: 'http://x', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(405);
    } finally {
      await mock.close();
    }
  });
});

test('one log line per request with method, path, status, ms and the reason of a 4xx', async () => {
  let logged = '';
  const mock = await startMock({ port: 0, log: { write: (text: string) => (logged += text) } });
  try {
    await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}'));
    await call(`${mock.url}/plants`, jsonPost('{"id":1}'));
  } finally {
    await mock.close();
  }
  const lines = logged.trim().split('\n');
  expect(lines[0]).toMatch(/^POST \/plants 200 \d+\.\d ms$/);
  expect(lines[1]).toMatch(/^POST \/plants 400 \d+\.\d ms - body must have required property 'name'$/);
  expect(logged).not.toContain('any-token');
});

test('hot reload: a valid change applies within a second; an invalid save keeps the last good spec', async () => {
  const directory = await temporaryDirectory('reload');
  const spec = path.join(directory, 'openapi.yaml');
  await copyFile('openapi.yaml', spec);
  let logged = '';
  const mock = await startMock({ port: 0, spec, watch: true, log: { write: (text: string) => (logged += text) } });
  const waitFor = async (predicate: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await predicate()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  };
  try {
    const original = await readFile(spec, 'utf8');
    await writeFile(spec, original.replace('/plants:', '/flowers:'));
    const started = Date.now();
    expect(
      await waitFor(
        async () => (await call(`${mock.url}/flowers`, jsonPost('{"id":1,"name":"x"}'))).status === 200,
        3000,
      ),
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);

    await writeFile(spec, 'openapi: 3.1.0\ninfo: [broken\n');
    expect(await waitFor(async () => logged.includes('still serving the last good spec'), 3000)).toBe(true);
    expect((await call(`${mock.url}/flowers`, jsonPost('{"id":1,"name":"x"}'))).status).toBe(200);
    const errorLines = logged.split('\n').filter((line) => line.includes('still serving'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(
      /^plantkit mock: .*openapi\.yaml:3:1: not valid YAML or JSON: Flow sequence in block collection must be sufficiently indented and end with a \]; still serving the last good spec$/,
    );
  } finally {
    await mock.close();
  }
});

test('--seed: the same sequence after a restart, not the same body every time', async () => {
  const bodies = async (seed: string) => {
    const mock = await startMock({ port: 0, dynamic: true, seed });
    try {
      const texts: string[] = [];
      for (let index = 0; index < 5; index += 1)
        texts.push((await call(`${mock.url}/plants`, jsonPost('{"id":1,"name":"x"}'))).text);
      return texts;
    } finally {
      await mock.close();
    }
  };
  const first = await bodies('42');
  expect(await bodies('42')).toEqual(first);
  expect(new Set(first).size).toBeGreaterThan(1);
  expect(await bodies('43')).not.toEqual(first);
});

test('a port in use is a clear fault', async () => {
  const mock = await startMock({ port: 0 });
  try {
    await expect(startMock({ port: mock.port })).rejects.toThrow(`port ${mock.port} on 127.0.0.1 is already in use`);
  } finally {
    await mock.close();
  }
});
