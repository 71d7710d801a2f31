/**
 * The ways a spec reaches `createHandlers` (a file, a URL, a document
 * object, a loaded spec) and the bad ones: a spec that cannot be loaded
 * throws one PlantkitError whose line is what `plantkit mock` prints for it.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlantkitError } from '../../src/core/errors.js';
import { loadSpec } from '../../src/core/spec/load-spec.js';
import { parseSpecSource } from '../../src/core/spec/spec-source.js';
import { createHandlers } from '../../src/msw/index.js';
import { runCli } from '../support/cli.js';

/** The line the CLI prints for a fault. */
const faultLine = (error: PlantkitError) =>
  `plantkit: error: ${error.message}${error.hint ? ` (${error.hint})` : ''}\n`;

async function loadFault(spec: Parameters<typeof createHandlers>[0]): Promise<PlantkitError> {
  const error = await createHandlers(spec, { baseUrl: 'http://127.0.0.1:1' }).then(
    () => undefined,
    (fault: unknown) => fault,
  );
  expect(error).toBeInstanceOf(PlantkitError);
  return error as PlantkitError;
}

describe.each([
  ['a missing file', 'test/fixtures/specs/no-such-spec.yaml'],
  ['a file that is not YAML', 'test/fixtures/specs/invalid-yaml.yaml'],
  ['a YAML file that is not a mapping', 'test/fixtures/specs/not-a-mapping.yaml'],
  ['a Swagger 1.2 file', 'test/fixtures/specs/swagger1.yaml'],
])('%s', (_name, file) => {
  test('throws one PlantkitError, the line plantkit mock prints', async () => {
    const error = await loadFault(file);
    const cli = await runCli(['mock', '--spec', file, '--port', '0']);
    expect(cli.code).toBe(2);
    expect(faultLine(error)).toBe(cli.stderr);
  });
});

describe('an invalid part inside one operation (issue 23)', () => {
  test('is isolated: the handlers load and that operation is unservable, as plantkit mock warns', async () => {
    const file = 'test/fixtures/specs/invalid-structure.yaml';
    const handlers = await createHandlers(file, { baseUrl: 'http://127.0.0.1:1' });
    expect(handlers.spec.unservable).toEqual([
      expect.objectContaining({
        cause: 'invalid-part',
        reason: expect.stringMatching(/^invalid OpenAPI document at \/paths\/~1plants\/post\/responses\/200: /),
      }),
    ]);
  });
});

describe('a spec from a URL (what a page has)', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const text = await readFile('openapi.yaml', 'utf8');
    server = createServer((request, response) => {
      if (request.url === '/openapi.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(text);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('is fetched and served', async () => {
    const handlers = await createHandlers(new URL('/openapi.yaml', origin), { baseUrl: 'http://127.0.0.1:1' });
    expect(handlers.spec.operations.map((operation) => operation.id)).toEqual(['addPlant']);
    expect(handlers.spec.source).toBe(`${origin}/openapi.yaml`);
  });

  test('a URL that does not answer 2xx is PLANTKIT_SPEC_UNREADABLE naming it', async () => {
    const error = await loadFault(new URL('/missing.yaml', origin));
    expect(error.code).toBe('PLANTKIT_SPEC_UNREADABLE');
    expect(error.message).toBe(`cannot fetch spec ${origin}/missing.yaml: HTTP 404`);
  });
});

describe('a spec as an object', () => {
  test('a document object and a loaded spec are served', async () => {
    const { document } = parseSpecSource(await readFile('openapi.yaml', 'utf8'), 'openapi.yaml', 'openapi.yaml');
    for (const spec of [document, await loadSpec('openapi.yaml')]) {
      const handlers = await createHandlers(spec, { baseUrl: 'http://127.0.0.1:1' });
      expect(handlers.spec.operations.map((operation) => operation.id)).toEqual(['addPlant']);
    }
  });

  test('an invalid document is the loader error, labelled <inline>', async () => {
    const error = await loadFault({ openapi: '3.1.0', info: { title: 'No version' }, paths: {} });
    expect(error.code).toBe('PLANTKIT_SPEC_INVALID');
    expect(error.message).toMatch(/^<inline>: invalid OpenAPI document at \/info: /);
  });
});

describe('where the API lives', () => {
  const relative = {
    openapi: '3.1.0',
    info: { title: 'Relative', version: '1' },
    servers: [{ url: '/api/v2' }],
    paths: { '/pots': { get: { operationId: 'listPots', responses: { '204': { description: 'none' } } } } },
  };

  test.each([
    [
      'an absolute server URL is the default base',
      { spec: 'openapi.yaml', baseUrl: undefined, want: 'http://127.0.0.1:4010' },
    ],
    [
      'baseUrl wins, without its trailing slash',
      { spec: 'openapi.yaml', baseUrl: 'http://localhost:5173/api/', want: 'http://localhost:5173/api' },
    ],
  ])('%s', async (_name, { spec, baseUrl, want }) => {
    expect((await createHandlers(spec, { baseUrl })).baseUrl).toBe(want);
  });

  test('a relative server URL without a page location asks for baseUrl', async () => {
    const error = await createHandlers(relative).catch((fault: unknown) => fault as PlantkitError);
    expect(error).toBeInstanceOf(PlantkitError);
    expect(faultLine(error as PlantkitError)).toBe(
      "plantkit: error: the spec's server URL '/api/v2' is relative and there is no page location to resolve it against (pass an absolute baseUrl, e.g. createHandlers(spec, { baseUrl: 'http://localhost:4010' }))\n",
    );
  });

  test.each([
    ['a bad token', { token: 'two words' }, '--token must be a non-empty token without spaces'],
    [
      'a baseUrl that is not http',
      { baseUrl: 'ftp://files.invalid/' },
      "baseUrl 'ftp://files.invalid/' is not an http(s) URL",
    ],
  ])('%s is a usage error', async (_name, options, message) => {
    const error = await createHandlers('openapi.yaml', options).catch((fault: unknown) => fault as PlantkitError);
    expect(error).toMatchObject({ code: 'PLANTKIT_USAGE', message });
  });
});
