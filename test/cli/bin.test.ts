/** The real `plantkit` binary as users run it (built dist/, a child process). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const exec = promisify(execFile);

async function plantkit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['bin/plantkit.js', ...args], {
      env: { ...process.env, PLANTKIT_TOKEN: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('bin/plantkit.js', () => {
  test('--help and --version', async () => {
    const help = await plantkit(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^plantkit: a mock server, contract tests and spec checks/);
    const version = await plantkit(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('no command: usage and exit 2', async () => {
    const outcome = await plantkit([]);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toContain('Usage: plantkit <command> [options]');
  });

  test('a bad flag: one line on stderr, exit 2, no stack trace', async () => {
    const outcome = await plantkit(['contract', '--base-url', 'http://127.0.0.1:9', '--nope']);
    expect(outcome).toMatchObject({ code: 2, stdout: '' });
    expect(outcome.stderr).toBe(
      "plantkit: error: unknown option --nope (run 'plantkit contract --help' for the options)\n",
    );
  });
});
