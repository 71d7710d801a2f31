import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { runCli } from '../support/cli.js';

describe('plantkit mock', () => {
  test('starts, prints where it listens, serves, and stops on the stop signal', async () => {
    let stdout = '';
    let stop!: () => void;
    const stopSignal = new Promise<void>((resolve) => (stop = resolve));
    const exit = run(['mock', '--port', '0', '--token', 'cli-secret'], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stdout += text) },
      env: {},
      cwd: process.cwd(),
      waitForStop: () => stopSignal,
    });
    const deadline = Date.now() + 10_000;
    while (!stdout.includes(' on http://') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const url = /on (http:\/\/[^ ]+)/.exec(stdout)?.[1];
    expect(stdout).toMatch(/^plantkit mock: Plant Store 1\.0\.0 on http:\/\/127\.0\.0\.1:\d+ \(POST \/plants\)\n/);
    const response = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli-secret', 'content-type': 'application/json' },
      body: '{"id":1,"name":"Fern"}',
    });
    expect(await response.json()).toEqual({ name: 'Fern' });
    stop();
    expect(await exit).toBe(0);
    expect(stdout).toMatch(/POST \/plants 200 \d+\.\d ms\nplantkit mock: stopped\n$/);
    expect(stdout).not.toContain('cli-secret');
  });

  test.each([
    ['unknown flag', ['mock', '--prot', '1'], /^plantkit: error: unknown option --prot/],
    ['bad port', ['mock', '--port', 'http'], /^plantkit: error: --port must be an integer >= 0, got 'http'/],
    ['missing spec', ['mock', '--spec', 'nope.yaml'], /^plantkit: error: cannot read spec .*nope\.yaml: no such file/],
    ['empty token', ['mock', '--token', ''], /^plantkit: error: --token must be a non-empty token without spaces/],
  ])('%s: one line, exit 2', async (_name, argv, message) => {
    const outcome = await runCli(argv);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('--help', async () => {
    const outcome = await runCli(['mock', '--help']);
    expect(outcome.code).toBe(0);
    for (const flag of ['--spec', '--port', '--host', '--token', '--dynamic', '--seed', '--no-cors', '--quiet'])
      expect(outcome.stdout).toContain(flag);
  });

  test('the real process stops within a second of SIGINT, saying so in one line', async () => {
    // The built binary in a child process (bin/plantkit.js runs dist/), as a user's Ctrl-C reaches it.
    const child = spawn(process.execPath, ['bin/plantkit.js', 'mock', '--port', '0', '--stateful', '--no-watch'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLANTKIT_TOKEN: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: performance.now() })),
    );
    try {
      const deadline = Date.now() + 20_000;
      while (!output.includes('Ctrl-C stops') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const url = /on (http:\/\/[^ ]+)/.exec(output)?.[1];
      // A request first: an open keep-alive connection must not hold the process.
      const response = await fetch(`${url}/plants`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"id":1,"name":"Fern"}',
      });
      expect(response.status).toBe(200);
      await response.text();
      while (!output.includes('POST /plants 200') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const before = output.length;
      const sent = performance.now();
      child.kill('SIGINT');
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - sent).toBeLessThan(1000);
      expect(output.slice(before)).toBe('plantkit mock: stopped by SIGINT\n');
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
