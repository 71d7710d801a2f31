/** --only/--skip as the console prints ids, and --output checked before the first request. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP_TOKEN, type RunningApp, startPlantStore } from '../apps/plant-store.js';
import { runCli } from '../support/cli.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const env = { PLANTKIT_TOKEN: APP_TOKEN };

async function withApp<T>(use: (app: RunningApp) => Promise<T>): Promise<T> {
  const app = await startPlantStore();
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

describe('case filters', () => {
  test('--skip takes the id as the console prints it', () =>
    withApp(async (app) => {
      const outcome = await runCli(
        ['contract', '--base-url', app.url, '--no-generated', '--skip', 'auth/wrong-token'],
        env,
      );
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).not.toContain('auth/wrong-token');
      expect(outcome.stdout).toMatch(/\n21 passed, 0 failed; 1 spec gap in/);
    }));

  test('--only with a glob', () =>
    withApp(async (app) => {
      const outcome = await runCli(
        ['contract', '--base-url', app.url, '--no-generated', '--only', 'auth/*-token'],
        env,
      );
      expect(outcome.stdout).toMatch(/PASS {2}auth\/empty-token[\s\S]*PASS {2}auth\/wrong-token/);
      expect(outcome.stdout).toMatch(/\n2 passed, 0 failed; 1 spec gap in/);
    }));

  test('--only nothing: exit 2, the valid prefixes, and no request', () =>
    withApp(async (app) => {
      const outcome = await runCli(['contract', '--base-url', app.url, '--only', 'nothing'], env);
      expect(outcome).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'plantkit: error: --only nothing matches no case (case ids start with addPlant/positive, addPlant/negative, addPlant/auth, addPlant/scenario, addPlant/generated; the operation may be left out, and * matches within a segment)\n',
      });
      expect(app.requests).toHaveLength(0);
    }));
});

describe('--output is checked before the first request', () => {
  test.each([
    [
      'a directory',
      async (directory: string) => {
        await mkdir(path.join(directory, 'reports'));
        return 'reports';
      },
      'is a directory',
    ],
    [
      'a path through a file',
      async (directory: string) => {
        await writeFile(path.join(directory, 'file.txt'), '');
        return 'file.txt/junit.xml';
      },
      /cannot create its directory \((ENOTDIR|EEXIST)\)/,
    ],
    [
      // Node 20's recursive mkdir never returns under /proc; the run must refuse, not hang.
      'a directory the kernel does not let anyone make',
      async () => '/proc/plantkit-nowhere/junit.xml',
      /cannot create its directory \(ENOENT\)/,
    ],
  ])('%s: exit 2 and no request sent', async (_name, prepare, problem) =>
    withApp(async (app) => {
      const directory = await temporaryDirectory('output');
      const output = await prepare(directory);
      const outcome = await runCli(
        ['contract', '--base-url', app.url, '--reporter', 'junit', '--output', output],
        env,
        directory,
      );
      expect(outcome.code).toBe(2);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toMatch(new RegExp(`^plantkit: error: --output ${output.replace('.', '\\.')}: `));
      expect(outcome.stderr).toMatch(problem);
      expect(outcome.stderr).toContain('(name a file in a writable directory, e.g. reports/contract.xml)\n');
      expect(app.requests).toHaveLength(0);
    }),
  );

  test('a missing directory is created', () =>
    withApp(async (app) => {
      const directory = await temporaryDirectory('output');
      const outcome = await runCli(
        [
          'contract',
          '--base-url',
          app.url,
          '--no-generated',
          '--spec',
          path.resolve('openapi.yaml'),
          '--reporter',
          'json',
          '--output',
          'reports/new/contract.json',
        ],
        env,
        directory,
      );
      expect(outcome.code).toBe(0);
      expect(JSON.parse(await readFile(path.join(directory, 'reports/new/contract.json'), 'utf8'))).toMatchObject({
        summary: { failed: 0 },
      });
    }));
});
