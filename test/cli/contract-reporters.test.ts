/** `plantkit contract --reporter ... --output ...` as users run it in CI, and the token nowhere. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { APP_TOKEN, startPlantStore, type Variant } from '../apps/plant-store.js';
import { runCli } from '../support/cli.js';
import { lineOf } from '../support/spec-lines.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

/** The line of `post:` (the addPlant operation) in openapi.yaml. */
const [POST_LINE] = lineOf('    post:', 0);
const env = { PLANTKIT_TOKEN: APP_TOKEN };
const SPEC = path.resolve('openapi.yaml');

async function against<T>(variant: Variant, body: (url: string) => Promise<T>): Promise<T> {
  const app = await startPlantStore(variant);
  try {
    return await body(app.url);
  } finally {
    await app.close();
  }
}

describe('reports from the CLI', () => {
  test('junit and json files beside the console report; exit 1 for a broken server; the token in no output', async () => {
    const directory = await temporaryDirectory('cli-reports');
    const summaryFile = path.join(directory, 'step-summary.md');
    await writeFile(summaryFile, '');
    const outcome = await against('wrong-400-shape', (url) =>
      runCli(
        [
          'contract',
          '--base-url',
          url,
          '--spec',
          SPEC,
          '--seed',
          '3',
          '--reporter',
          'junit',
          '--output',
          'junit.xml',
          '--reporter',
          'json',
          '--output',
          'reports/contract.json',
        ],
        { ...env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
        directory,
      ),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(/^plantkit contract: Plant Store/);
    expect(outcome.stdout).toMatch(
      new RegExp(`^::error file=.*openapi\\.yaml,line=${POST_LINE},title=plantkit contract%3A addPlant/`, 'm'),
    );
    const report = JSON.parse(await readFile(path.join(directory, 'reports/contract.json'), 'utf8')) as {
      summary: { total: number; failed: number };
    };
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(await parseJunit(await readFile(path.join(directory, 'junit.xml'), 'utf8'))).toMatchObject({
      tests: report.summary.total,
      failures: report.summary.failed,
    });
    expect(await readFile(summaryFile, 'utf8')).toMatch(/^### ❌ plantkit contract: \d+ passed, \d+ failed/);

    // Grep every output and every file written for the token.
    expect(outcome.stdout + outcome.stderr).not.toContain(APP_TOKEN);
    for (const file of ['junit.xml', 'reports/contract.json', 'step-summary.md'])
      expect(await readFile(path.join(directory, file), 'utf8')).not.toContain(APP_TOKEN);
    expect((await readdir(directory)).sort()).toEqual(['junit.xml', 'reports', 'step-summary.md']);
  });

  test('--reporter json alone puts only JSON on stdout', async () => {
    const outcome = await against('correct', (url) =>
      runCli(['contract', '--base-url', url, '--no-generated', '--reporter', 'json'], env),
    );
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as { reportVersion: number; summary: { passed: number } };
    expect(report).toMatchObject({ reportVersion: 1, summary: { passed: 22, failed: 0 } });
  });

  test('a console report can go to a file too (plain text)', async () => {
    const directory = await temporaryDirectory('cli-console');
    const outcome = await against('correct', (url) =>
      runCli(
        [
          'contract',
          '--base-url',
          url,
          '--spec',
          SPEC,
          '--no-generated',
          '--reporter',
          'console',
          '--output',
          'run.txt',
          '--reporter',
          'junit',
        ],
        env,
        directory,
      ),
    );
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^<\?xml/);
    expect(await readFile(path.join(directory, 'run.txt'), 'utf8')).toMatch(
      /\n22 passed, 0 failed; 1 spec gap in \d+\.\d s\n$/,
    );
  });

  test.each([
    [
      'two reports on stdout',
      ['--reporter', 'json', '--reporter', 'junit'],
      /^plantkit: error: json and junit would both write to stdout \(give all but one of them an --output FILE\)\n$/,
    ],
    [
      '--output first',
      ['--output', 'x.xml', '--reporter', 'junit'],
      /^plantkit: error: --output x\.xml must follow the --reporter it is for/,
    ],
    [
      'two outputs for one reporter',
      ['--reporter', 'junit', '--output', 'a.xml', '--output', 'b.xml'],
      /^plantkit: error: --output b\.xml must follow the --reporter it is for/,
    ],
    [
      'unknown reporter',
      ['--reporter', 'tap'],
      /^plantkit: error: unknown reporter 'tap' \(use one of console, json, junit, github, har, html\)\n$/,
    ],
  ])('%s: exit 2 before any request', async (_name, flags, message) => {
    const outcome = await runCli(['contract', '--base-url', 'http://127.0.0.1:9', ...flags], env);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(message);
  });
});

test('an apiKey in the query appears in no output either', async () => {
  const directory = await temporaryDirectory('cli-apikey');
  const secret = 'QueryKey-7f3a9c';
  const { createServer } = await import('node:http');
  // Fails every case, so every report carries its URLs and curl lines.
  const server = createServer((_request, response) =>
    response.writeHead(500, { 'content-type': 'text/plain' }).end(`key ${secret} rejected`),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const outcome = await runCli(
      [
        'contract',
        '--base-url',
        url,
        '--spec',
        path.resolve('test/fixtures/specs/api-key-query.yaml'),
        '--max-cases',
        '5',
        '--reporter',
        'console',
        '--reporter',
        'json',
        '--output',
        'r.json',
        '--reporter',
        'junit',
        '--output',
        'j.xml',
        '--reporter',
        'github',
        '--output',
        's.md',
      ],
      { PLANTKIT_TOKEN: secret },
      directory,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toContain('"http://127.0.0.1:');
    expect(outcome.stdout).toContain('api_key=$PLANTKIT_TOKEN');
    for (const text of [
      outcome.stdout,
      outcome.stderr,
      ...(await Promise.all(['r.json', 'j.xml', 's.md'].map((file) => readFile(path.join(directory, file), 'utf8')))),
    ]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    server.close();
  }
});

test('a target that dies mid-run: the run stops after 3 requests without a response, keeps every result and report, exit 1', async () => {
  const directory = await temporaryDirectory('cli-dies');
  const app = await startPlantStore('correct');
  // A front that forwards three requests, then stops listening (the service crashed).
  const { createServer, request: forward } = await import('node:http');
  let seen = 0;
  const front = createServer((incoming, outgoing) => {
    seen += 1;
    const upstream = forward(
      `${app.url}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        // After its third answer the service is gone: listener and kept-alive connections alike.
        if (seen === 3) outgoing.once('finish', () => front.close() && front.closeAllConnections());
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
  try {
    const outcome = await runCli(
      ['contract', '--base-url', url, '--spec', SPEC, '--no-generated', '--reporter', 'junit', '--output', 'junit.xml'],
      env,
      directory,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe('');
    expect(outcome.stdout).toContain('transport: the server stopped accepting connections (ECONNREFUSED)');
    expect(outcome.stdout).toContain(
      '\nstopped: 3 requests in a row got no response (last: connection: the server stopped accepting connections (ECONNREFUSED)); 16 cases not run\n',
    );
    expect(outcome.stdout).toMatch(/\n3 passed, 3 failed \(1 distinct failure\), 16 not run in \d+\.\d s\n$/);
    const junit = await readFile(path.join(directory, 'junit.xml'), 'utf8');
    expect(await parseJunit(junit)).toMatchObject({ tests: 22, failures: 3 });
    expect(junit.match(/<skipped message="not run: 3 requests in a row got no response/g)).toHaveLength(16);
    expect(junit).toContain('<property name="interrupted" value="false"/>');
  } finally {
    front.closeAllConnections();
    await app.close();
  }
});

describe('console colours and progress', () => {
  async function onTty(extraEnv: Record<string, string>): Promise<string> {
    let stdout = '';
    await against('correct', (url) =>
      run(['contract', '--base-url', url, '--no-generated', '--only', 'addPlant/positive'], {
        stdout: { write: (text: string) => (stdout += text), isTTY: true },
        stderr: { write: () => true },
        env: { ...env, ...extraEnv },
        cwd: process.cwd(),
      }),
    );
    return stdout;
  }

  test('a TTY gets colours and a live progress line', async () => {
    const stdout = await onTty({});
    expect(stdout).toContain('\u001b[32mPASS\u001b[39m');
    expect(stdout).toContain('\r\u001b[K');
  });

  test('NO_COLOR turns colours off; CI turns the progress line off', async () => {
    const stdout = await onTty({ NO_COLOR: '1', CI: 'true' });
    expect(stdout).not.toContain('\u001b[');
    expect(stdout).not.toContain('\r');
  });

  test('not a TTY: neither', async () => {
    const outcome = await against('correct', (url) => runCli(['contract', '--base-url', url, '--no-generated'], env));
    expect(outcome.stdout).not.toContain('\u001b[');
    expect(outcome.stdout).not.toContain('\r');
  });
});
