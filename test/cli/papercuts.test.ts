/** The first-hour papercuts: one line each, as a new user meets them. */
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { listenFault } from '../../src/core/server/listen-fault.js';
import { runCli } from '../support/cli.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

/** 3 KB of bytes from a fixed linear congruential sequence: "random" but the same every run. */
function pseudoRandomBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 12345;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = state >>> 16;
  }
  return bytes;
}

describe('papercuts', () => {
  test('--port -1 gets the range message, not "argument is ambiguous"', async () => {
    expect((await runCli(['mock', '--port', '-1'])).stderr).toBe(
      "plantkit: error: --port must be an integer >= 0, got '-1'\n",
    );
  });

  test('a port in use names --port, once, with no doubled parentheses', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const outcome = await runCli(['mock', '--port', String(port), '--no-watch']);
      expect(outcome).toMatchObject({
        code: 2,
        stderr: `plantkit: error: port ${port} on 127.0.0.1 is already in use (pass --port with a free port, or --port 0 to pick one)\n`,
      });
    } finally {
      taken.close();
    }
  });

  test.each([
    [
      'EADDRNOTAVAIL',
      "cannot listen on plants.invalid: it is not an address of this machine (pass --host 127.0.0.1, 0.0.0.0 for every interface, or one of this machine's addresses)",
    ],
    [
      'ENOTFOUND',
      "cannot listen on plants.invalid: the host name does not resolve (pass --host 127.0.0.1, 0.0.0.0 for every interface, or one of this machine's addresses)",
    ],
  ])('a --host bind failure (%s) names --host, not --port', (code, line) => {
    // The error as node:net raises it: tests open sockets on loopback only.
    const fault = listenFault(Object.assign(new Error(`listen ${code}`), { code }), 4010, 'plants.invalid');
    expect(`${fault.message} (${fault.hint})`).toBe(line);
  });

  test('--spec naming a directory outside the working directory is named as given, not ../..', async () => {
    const directory = await temporaryDirectory('papercut');
    expect((await runCli(['mock', '--spec', directory])).stderr).toBe(
      `plantkit: error: cannot read spec ${directory}: it is a directory (pass the path of an OpenAPI 3.0 or 3.1 file with --spec)\n`,
    );
  });

  test('3 KB of random bytes as a spec: one short, printable line', async () => {
    const file = path.join(await temporaryDirectory('papercut'), 'random.yaml');
    await writeFile(file, pseudoRandomBytes(3072));
    for (const argv of [
      ['spec', 'check', file],
      ['mock', '--spec', file],
      ['contract', '--base-url', 'http://127.0.0.1:9', '--spec', file],
    ]) {
      const { code, stderr } = await runCli(argv, { PLANTKIT_TOKEN: 't' });
      expect(code).toBe(2);
      expect(stderr.length).toBeLessThan(600);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f]/);
    }
  });

  test('plantkit help mock shows the mock help', async () => {
    const [help, direct] = [await runCli(['help', 'mock']), await runCli(['mock', '--help'])];
    expect(help).toEqual({ code: 0, stdout: direct.stdout, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: plantkit mock/);
  });

  test('--seed without --dynamic says what it does', async () => {
    let stderr = '';
    const code = await run(['mock', '--port', '0', '--no-watch', '--seed', '7'], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      cwd: process.cwd(),
      waitForStop: () => Promise.resolve(),
    });
    expect(code).toBe(0);
    expect(stderr).toBe(
      "plantkit mock: --seed only affects generated data: add --dynamic, or send 'Prefer: dynamic=true'\n",
    );
  });
});
