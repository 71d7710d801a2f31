/**
 * Issue 13: `plantkit mock --stateful --data FILE` starts with the file's
 * items (JSON or YAML), validated against the item schema, and resets to
 * them. A bad file stops the mock with one line naming the file, line, item
 * and rule, exit 2.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { runCli } from '../support/cli.js';
import { call } from '../support/http.js';
import { withMock } from '../support/mock.js';

const CATALOG = 'test/fixtures/rich/catalog-3.1.yaml';
const KEY = { 'x-api-key': 'any-key' };
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-data-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

async function dataFile(name: string, text: string): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, text);
  return file;
}

const PLANTS_YAML = `# two plants, one without an id
plants:
  - {id: 41, name: Monstera, tag: indoor, createdAt: '2024-05-01T12:00:00Z'}
  - {name: Fern, createdAt: '2024-05-02T12:00:00Z'}
catalog:
  - {sku: ABC-1234, title: Lamp, price: 12.5}
`;

describe('preloaded items', () => {
  test('YAML: listed, readable, deletable, and back after a reset; a collection without a create is served from the file', async () => {
    const file = await dataFile('plants.yaml', PLANTS_YAML);
    await withMock({ spec: CATALOG, data: file }, async (mock) => {
      const listed = await call(`${mock.url}/v1/plants`, { headers: KEY });
      expect(listed.json).toEqual([
        { id: 41, name: 'Monstera', tag: 'indoor', createdAt: '2024-05-01T12:00:00Z' },
        { id: 1, name: 'Fern', createdAt: '2024-05-02T12:00:00Z' },
      ]);
      expect((await call(`${mock.url}/v1/catalog/ABC-1234`)).json).toEqual({
        sku: 'ABC-1234',
        title: 'Lamp',
        price: 12.5,
      });
      expect((await call(`${mock.url}/v1/catalog/XYZ-9999`)).status).toBe(404);
      expect((await call(`${mock.url}/v1/plants/41`, { method: 'DELETE', headers: KEY })).status).toBe(204);
      mock.reset();
      expect((await call(`${mock.url}/v1/plants/41`, { headers: KEY })).status).toBe(200);
    });
  });

  test('JSON, keyed by the collection path', async () => {
    const file = await dataFile('tags.json', JSON.stringify({ '/tags': [{ slug: 'shade', label: 'Shade' }] }));
    await withMock({ spec: 'test/fixtures/stateful/orders-3.0.yaml', data: file }, async (mock) => {
      expect((await call(`${mock.url}/tags/shade`)).json).toEqual({ slug: 'shade', label: 'Shade' });
    });
  });
});

describe('a bad data file: one line naming where and what, exit 2', () => {
  test.each([
    [
      'an item breaking the schema',
      'bad-item.yaml',
      "plants:\n  - {id: 1, name: Fern, createdAt: '2024-05-01T12:00:00Z'}\n  - {id: 2, name: 7, createdAt: '2024-05-01T12:00:00Z'}\n",
      /bad-item\.yaml:3:5: plants\[1\]\/name must be string \(an item of plants, id 2\) \(fix the item, or the item schema of \/plants\)$/m,
    ],
    [
      'an unknown collection',
      'unknown.yaml',
      'trees: []\n',
      /unknown\.yaml:1:1: no collection 'trees' in the spec \(collections: plants \(\/plants\), catalog \(\/catalog\)\)/,
    ],
    [
      'two items with one id',
      'twins.yaml',
      "plants:\n  - {id: 3, name: A, createdAt: '2024-05-01T12:00:00Z'}\n  - {id: 3, name: B, createdAt: '2024-05-01T12:00:00Z'}\n",
      /twins\.yaml:3:5: plants\[1\] has id 3, like item 0 before it/,
    ],
    ['not a list', 'not-list.yaml', 'plants: {id: 1}\n', /not-list\.yaml:1:9: 'plants' must be a list of items/],
    ['not YAML', 'broken.yaml', 'plants: [\n', /broken\.yaml:2:1: not JSON or YAML: /],
    ['a missing file', 'missing.yaml', undefined, /cannot read --data .*missing\.yaml: ENOENT/],
  ])('%s', async (_name, name, text, message) => {
    const file = text === undefined ? path.join(directory, name) : await dataFile(name, text);
    const outcome = await runCli(['mock', '--spec', CATALOG, '--port', '0', '--no-watch', '--data', file]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^plantkit: error: /);
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('--data with stateful: false is a usage error', async () => {
    await expect(withMock({ spec: CATALOG, data: 'x.yaml', stateful: false }, async () => undefined)).rejects.toThrow(
      '--data preloads the stateful mock, which is off',
    );
  });
});

test('plantkit mock --stateful names the collections it keeps in its start-up lines', async () => {
  let stdout = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const exit = run(['mock', '--spec', CATALOG, '--port', '0', '--no-watch', '--stateful'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stdout += text) },
    env: {},
    cwd: process.cwd(),
    waitForStop: () => stopped,
  });
  const deadline = Date.now() + 10_000;
  while (!stdout.includes('Ctrl-C stops') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  stop();
  expect(await exit).toBe(0);
  expect(stdout).toContain(
    '\n  stateful: plants (/plants, /plants/{plantId}); POST /__plantkit/reset forgets what was created\n',
  );
});
