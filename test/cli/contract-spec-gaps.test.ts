/**
 * Issue 18 section 1 from the command line, against a correct server on an
 * incomplete spec (test/apps/nest-todos.ts): spec gaps are listed and pass by
 * default, `--fail-on spec-gap` fails them, and `--spec-gaps FILE` writes an
 * OpenAPI Overlay 1.0 that, applied to the spec with openapi-overlays-js (an
 * overlay tool written apart from plantkit), leaves no spec gap in a second
 * run against the same server. The overlay is written when a run is
 * interrupted, and an unwritable path stops the run before any request.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyOverlay } from 'openapi-overlays-js/src/overlay.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { parseYamlSource, yamlText } from '../../src/core/yaml/yaml-source.js';
import { startNestTodos, TODOS_TOKEN } from '../apps/nest-todos.js';
import type { ReferenceApp } from '../apps/shared/app-server.js';
import { runCli } from '../support/cli.js';

const SPEC = path.resolve('test/fixtures/framework/todos-nest-3.0.yaml');
const env = { PLANTKIT_TOKEN: TODOS_TOKEN };

let directory: string;
let app: ReferenceApp;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-spec-gaps-'));
  app = await startNestTodos('correct');
});
afterEach(async () => {
  await app.close();
  await rm(directory, { recursive: true, force: true });
});

/** `plantkit contract` against the app with `spec`, seed 1, in the test's directory. */
const contract = (args: string[], spec = SPEC) =>
  runCli(['contract', '--base-url', app.url, '--spec', spec, '--seed', '1', '--quiet', ...args], env, directory);

function readYaml(text: string): Record<string, unknown> {
  const parsed = parseYamlSource(text);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.source.value as Record<string, unknown>;
}

describe('--fail-on', () => {
  test('by default spec gaps are listed and the run passes; --fail-on spec-gap fails it', async () => {
    const lenient = await contract(['--no-generated']);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(
      /\n {2}document 404 on TodosController_\w+, TodosController_\w+, TodosController_\w+\n/,
    );
    expect(lenient.stdout).toMatch(/\n\d+ passed, 0 failed; \d+ spec gaps in /);
    const strict = await contract(['--no-generated', '--fail-on', 'spec-gap']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('(failing the run: --fail-on spec-gap;');
    expect(strict.stdout).toContain('spec gap: status-documented: status 404 is not documented');
  });

  test('another value is a usage error, before any request', async () => {
    const outcome = await contract(['--fail-on', 'warning']);
    expect(outcome).toMatchObject({ code: 2, stdout: '' });
    expect(outcome.stderr).toBe(
      "plantkit: error: --fail-on must be one of failure, spec-gap, got 'warning' (e.g. --fail-on spec-gap)\n",
    );
    expect(app.requests).toHaveLength(0);
  });
});

describe('--spec-gaps FILE', () => {
  test('an Overlay 1.0 that, applied to the spec, leaves no spec gap in a second run', async () => {
    const first = await contract(['--spec-gaps', 'gaps.yaml']);
    expect(first.code).toBe(0);
    const overlay = readYaml(await readFile(path.join(directory, 'gaps.yaml'), 'utf8'));
    expect(overlay).toMatchObject({ overlay: '1.0.0', extends: path.relative(directory, SPEC) });
    const actions = overlay.actions as Array<{ target: string; update: Record<string, { description: string }> }>;
    expect(actions.length).toBeGreaterThan(5);
    expect(actions).toContainEqual({
      target: "$['paths']['/todos/{id}']['get']['responses']",
      description: expect.stringMatching(
        /^document 404 on TodosController_findOne: the run made up the resource's id \(/,
      ),
      update: {
        '404': {
          description: 'Not Found',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['statusCode', 'message', 'error'],
                properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, error: { type: 'string' } },
              },
            },
          },
        },
      },
    });
    // The 400's message is a list of strings where class-validator found problems, a string for a bad path id.
    const spec = readYaml(await readFile(SPEC, 'utf8'));
    const patched = applyOverlay(spec, overlay) as Record<string, unknown>;
    for (const action of actions)
      expect(JSON.stringify(patched)).toContain(JSON.stringify(Object.keys(action.update)[0]));
    const patchedFile = path.join(directory, 'todos-patched.yaml');
    await writeFile(patchedFile, yamlText(patched));
    const second = await contract(['--spec-gaps', 'gaps-again.json', '--fail-on', 'spec-gap'], patchedFile);
    expect(second.stdout).not.toContain('spec gap');
    expect(second.stdout).toMatch(/\n\d+ passed, 0 failed in /);
    expect(second.code).toBe(0);
    // No gap, no overlay: Overlay 1.0 requires an action.
    await expect(readFile(path.join(directory, 'gaps-again.json'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(directory, 'gaps.yaml'), 'utf8')).not.toContain(TODOS_TOKEN);
  });

  test('JSON unless the name ends in .yaml or .yml; a run without gaps removes the one an earlier run left', async () => {
    await contract(['--no-generated', '--only', 'TodosController_findOne', '--spec-gaps', 'out/gaps.json']);
    const overlay = JSON.parse(await readFile(path.join(directory, 'out/gaps.json'), 'utf8')) as { actions: unknown[] };
    expect(overlay.actions).toHaveLength(3);
    await contract(['--no-generated', '--only', 'TodosController_findAll/positive', '--spec-gaps', 'out/gaps.json']);
    await expect(readFile(path.join(directory, 'out/gaps.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  test('an interrupted run still writes the overlay, whole', async () => {
    const copy = path.join(directory, 'todos.yaml');
    await copyFile(SPEC, copy);
    let stdout = '';
    const code = await run(['contract', '--base-url', app.url, '--spec', copy, '--spec-gaps', 'gaps.yaml'], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stdout += text) },
      env,
      cwd: directory,
      waitForStop: async () => {
        // The create's negative cases come early: by 12 requests a 400 has been answered.
        while (app.requests.length < 12) await new Promise((resolve) => setTimeout(resolve, 10));
        return 'SIGINT';
      },
    });
    expect(code).toBe(130);
    expect(stdout).toMatch(/\nstopped: interrupted by SIGINT; \d+ cases not run\n/);
    const overlay = readYaml(await readFile(path.join(directory, 'gaps.yaml'), 'utf8'));
    expect(overlay).toMatchObject({ overlay: '1.0.0', extends: 'todos.yaml' });
    expect((overlay.actions as unknown[]).length).toBeGreaterThan(0);
  });

  test('an unwritable path is a usage error before any request', async () => {
    await writeFile(path.join(directory, 'a-file'), '');
    const outcome = await contract(['--spec-gaps', 'a-file/gaps.yaml']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^plantkit: error: --spec-gaps a-file\/gaps\.yaml: cannot create its directory \(/);
    expect(app.requests).toHaveLength(0);
  });
});
