import { describe, expect, test } from 'vitest';
import { runCli } from '../support/cli.js';
import { run } from '../../src/cli/run.js';

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
    expect(stdout).toMatch(/POST \/plants 200 \d+\.\d ms/);
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
});
