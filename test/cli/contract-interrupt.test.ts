/**
 * Ctrl-C or a CI cancel during `plantkit contract`: sending stops, the
 * summary of what ran is printed, every report is written and marked as
 * interrupted, and the exit code is 130 (SIGINT) or 143 (SIGTERM).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createSchemaCompiler } from '../../src/core/validation/ajv.js';
import { APP_TOKEN, type RunningApp, startPlantStore } from '../apps/plant-store.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const SPEC = path.resolve('openapi.yaml');
const validateReport = createSchemaCompiler().compile(
  JSON.parse(await readFile('schemas/contract-report.schema.json', 'utf8')) as object,
);

/** Resolves once the app has received `count` requests. */
async function requestsArrived(app: RunningApp, count: number): Promise<void> {
  while (app.requests.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('an interrupted run, in-process', () => {
  test.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s: summary, reports marked interrupted, exit %i', async (signal, exitCode) => {
    const directory = await temporaryDirectory('interrupt');
    const app = await startPlantStore('slow-150ms');
    let stdout = '';
    try {
      const code = await run(
        [
          'contract',
          '--base-url',
          app.url,
          '--spec',
          SPEC,
          '--reporter',
          'console',
          '--reporter',
          'json',
          '--output',
          'report.json',
          '--reporter',
          'junit',
          '--output',
          'junit.xml',
        ],
        {
          stdout: { write: (text: string) => (stdout += text) },
          stderr: { write: (text: string) => (stdout += text) },
          env: { PLANTKIT_TOKEN: APP_TOKEN },
          cwd: directory,
          waitForStop: async () => {
            await requestsArrived(app, 3);
            return signal;
          },
        },
      );
      expect(code).toBe(exitCode);
      expect(app.requests.length).toBeLessThan(6);
      expect(stdout).toMatch(
        new RegExp(
          `\\nstopped: interrupted by ${signal}; \\d+ cases not run\\n(coverage: [^\\n]*\\n)*\\d passed, 0 failed, \\d+ not run in \\d+\\.\\d s\\n$`,
        ),
      );
      const json = JSON.parse(await readFile(path.join(directory, 'report.json'), 'utf8')) as {
        interrupted: boolean;
        stopped: unknown;
        summary: { passed: number; notRun: number };
      };
      expect(validateReport(json), JSON.stringify(validateReport.errors)).toBe(true);
      expect(json).toMatchObject({
        interrupted: true,
        stopped: { reason: 'interrupted', message: `interrupted by ${signal}` },
      });
      expect(json.summary.notRun).toBeGreaterThan(60);
      const junit = await readFile(path.join(directory, 'junit.xml'), 'utf8');
      expect(junit).toContain('<property name="interrupted" value="true"/>');
      expect(await parseJunit(junit)).toMatchObject({ failures: 0 });
    } finally {
      await app.close();
    }
  });
});

describe('an interrupted run, as a real process', () => {
  test('SIGINT to bin/plantkit.js: exit 130, the summary on stdout, the JSON report written', async () => {
    const directory = await temporaryDirectory('interrupt');
    const app = await startPlantStore('slow-150ms');
    try {
      const child = spawn(
        process.execPath,
        [
          path.resolve('bin/plantkit.js'),
          'contract',
          '--base-url',
          app.url,
          '--spec',
          SPEC,
          '--reporter',
          'console',
          '--reporter',
          'json',
          '--output',
          'report.json',
        ],
        {
          cwd: directory,
          env: { ...process.env, PLANTKIT_TOKEN: APP_TOKEN, CI: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await requestsArrived(app, 2);
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toBe('');
      expect(stdout).toMatch(
        /\nstopped: interrupted by SIGINT; \d+ cases not run\n(coverage: [^\n]*\n)*\d passed, 0 failed, \d+ not run in \d+\.\d s\n$/,
      );
      const json = JSON.parse(await readFile(path.join(directory, 'report.json'), 'utf8')) as { interrupted: boolean };
      expect(json.interrupted).toBe(true);
    } finally {
      await app.close();
    }
  });
});
