/**
 * `plantkit proxy` in-process: it starts, logs one line per exchange with
 * violations, stops on the stop signal with the summary and its reports,
 * and exits by --fail-on, so a CI job can run its end-to-end suite through
 * it. Credentials travel but appear in no output and no report.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createSchemaCompiler } from '../../src/core/validation/ajv.js';
import { APP_TOKEN, startPlantStore, type Variant } from '../apps/plant-store.js';
import { runCli } from '../support/cli.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

/** Output, exit code and reports of a proxy in front of `variant` that saw `traffic`. */
async function proxySession(
  variant: Variant,
  flags: string[],
  traffic: (url: string) => Promise<void>,
): Promise<{ code: number; out: string; err: string }> {
  const app = await startPlantStore(variant);
  let out = '';
  let err = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  try {
    const exit = run(['proxy', '--upstream', app.url, '--port', '0', ...flags], {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
      env: {},
      cwd: process.cwd(),
      waitForStop: () => stopped,
    });
    const deadline = Date.now() + 10_000;
    while (!out.includes('Ctrl-C stops') && Date.now() < deadline) {
      if (err) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const url = /on (http:\/\/\S+) ->/.exec(out)?.[1];
    if (url) await traffic(url);
    stop();
    return { code: await exit, out, err };
  } finally {
    await app.close();
  }
}

const post = (
  url: string,
  body: string,
  headers: Record<string, string> = { authorization: `Bearer ${APP_TOKEN}`, 'content-type': 'application/json' },
) => fetch(`${url}/plants`, { method: 'POST', headers, body }).then((response) => response.text());

/** A valid create, an invalid one, and one without credentials. */
async function e2eSuite(url: string): Promise<void> {
  await post(url, '{"id":1,"name":"Fern","tag":"indoor"}');
  await post(url, '{"id":2,"password":"hunter2-secret"}');
  await post(url, '{"id":3,"name":"Fern"}', { 'content-type': 'application/json' });
}

describe('exit status by --fail-on', () => {
  test.each<[string, Variant, string[], number]>([
    ['a correct server, client violations, default any: exit 1', 'correct', [], 1],
    ['a correct server, --fail-on server: exit 0', 'correct', ['--fail-on', 'server'], 0],
    ['a lax server, --fail-on server: exit 1', 'accepts-invalid', ['--fail-on', 'server'], 1],
    ['a correct server, --fail-on client: exit 1', 'correct', ['--fail-on', 'client'], 1],
  ])('%s', async (_name, variant, flags, code) => {
    const session = await proxySession(variant, flags, e2eSuite);
    expect(session.err).toBe('');
    expect(session.code).toBe(code);
    expect(session.out).toContain(`plantkit proxy: exit ${code}`);
  });

  test('no violation at all: exit 0 whatever --fail-on says', async () => {
    const session = await proxySession('correct', [], (url) =>
      post(url, '{"id":1,"name":"Fern"}').then(() => undefined),
    );
    expect(session.code).toBe(0);
    expect(session.out).toContain(
      'plantkit proxy: 1 exchange, 1 clean, 0 with client violations, 0 with server violations\n',
    );
  });
});

describe('output', () => {
  test('a start line, one line per exchange with violations, the summary; no credential anywhere', async () => {
    const session = await proxySession('accepts-invalid', [], e2eSuite);
    const lines = session.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^plantkit proxy: Plant Store 1\.0\.0 on http:\/\/127\.0\.0\.1:\d+ -> http:\/\/127\.0\.0\.1:\d+ \(POST \/plants\)$/,
    );
    expect(lines.slice(2).map((line) => line.replace(/ \d+\.\d ms - /, ' N ms - '))).toEqual([
      "POST /plants 200 N ms - server outcome: an invalid request was accepted (received status 200; documented a 4xx rejection (400)) | client request-body /body/name: body must have required property 'name'",
      // The Plant Store documents no 401: the upstream's refusal is a spec gap, listed and counted by class, never a violation.
      "POST /plants 401 N ms - server spec gap: status-documented: status 401 is not documented for addPlant, yet it is the right answer here: the request carried no valid credentials (received status 401; documented 200, 400) | client request-credentials: missing Authorization header; send 'Authorization: Bearer <token>'",
      'plantkit proxy: 3 exchanges, 1 clean, 2 with client violations, 1 with server violations, 1 with spec gaps',
      '  findings by class: 3 failures, 1 spec gap, 0 warnings',
      '  server violations: outcome 1',
      '  client violations: request-body 1, request-credentials 1',
      'plantkit proxy: exit 1: violations of the --fail-on any kind were seen',
    ]);
    expect(session.out).not.toContain(APP_TOKEN);
  });

  test('--quiet: the summary only', async () => {
    const session = await proxySession('correct', ['--quiet'], e2eSuite);
    expect(session.out).not.toMatch(/^POST/m);
    expect(session.out).toContain(
      'plantkit proxy: 3 exchanges, 1 clean, 2 with client violations, 0 with server violations',
    );
  });
});

const validate = createSchemaCompiler().compile(
  JSON.parse(await readFile('schemas/proxy-report.schema.json', 'utf8')) as object,
);

describe('reports', () => {
  test('JSON validates against schemas/proxy-report.schema.json, JUnit parses, HTML is the contract page; none holds a secret', async () => {
    const directory = await temporaryDirectory('proxy');
    const files = {
      json: path.join(directory, 'reports/proxy.json'),
      junit: path.join(directory, 'proxy.xml'),
      html: path.join(directory, 'proxy.html'),
    };
    const session = await proxySession(
      'accepts-invalid',
      [
        ...['--reporter', 'json', '--output', files.json, '--reporter', 'junit', '--output', files.junit],
        ...['--reporter', 'html', '--output', files.html],
      ],
      e2eSuite,
    );
    expect(session.code).toBe(1);
    const jsonText = await readFile(files.json, 'utf8');
    const report = JSON.parse(jsonText) as Record<string, unknown>;
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report).toMatchObject({
      kind: 'proxy',
      failOn: 'any',
      failed: true,
      summary: {
        exchanges: 3,
        clean: 1,
        withClientViolations: 2,
        withServerViolations: 1,
        byCheck: { server: { outcome: 1 }, client: { 'request-body': 1, 'request-credentials': 1 } },
        recorded: 3,
        omitted: 0,
        detailsOmitted: 0,
      },
    });
    const exchanges = report.exchanges as Array<{
      seq: number;
      request: { headers: Record<string, string>; body: string } | null;
      violations: unknown[];
    }>;
    expect(exchanges.map((exchange) => exchange.request === null)).toEqual([true, false, false]);
    expect(exchanges[1]?.request?.headers.authorization).toBe('Bearer ***');
    expect(exchanges[1]?.request?.body).toBe('{"id":2,"password":"***"}');

    const junitText = await readFile(files.junit, 'utf8');
    const junit = (await parseJunit(junitText)) as {
      name: string;
      tests: number;
      failures: number;
      testsuite: Array<{ name: string; testcase: Array<{ name: string; failure?: Array<{ type: string }> }> }>;
    };
    expect(junit).toMatchObject({ name: 'plantkit proxy', tests: 3, failures: 2 });
    const testcases = junit.testsuite[0]!.testcase;
    expect(testcases.map((testcase) => testcase.name)).toEqual([
      'exchange-1: POST /plants -> 200',
      'exchange-2: POST /plants -> 200',
      'exchange-3: POST /plants -> 401',
    ]);
    expect(testcases[1]?.failure?.[0]?.type).toBe('client request-body');

    const html = await readFile(files.html, 'utf8');
    expect(html).toContain('<title>plantkit proxy: Plant Store 1.0.0</title>');
    expect(html).toContain('<b>1 passed, 2 failed (3 distinct failures); 1 spec gap</b>');
    expect(html).not.toContain('Replay:');
    for (const text of [jsonText, junitText, html, session.out]) {
      expect(text).not.toContain(APP_TOKEN);
      expect(text).not.toContain('hunter2-secret');
    }
  });
});

describe('bad input: one line, exit 2, before listening', () => {
  test.each([
    [
      'no --upstream',
      ['proxy'],
      /^plantkit: error: --upstream is required: the URL of the server to put the proxy in front of \(e\.g\. --upstream/,
    ],
    [
      'not a URL',
      ['proxy', '--upstream', 'localhost:8080'],
      /^plantkit: error: --upstream must be an http or https URL, got 'localhost:'/,
    ],
    [
      'credentials in the URL',
      ['proxy', '--upstream', 'http://u:p@127.0.0.1:1'],
      /^plantkit: error: --upstream must not carry a user or password/,
    ],
    [
      'bad --fail-on',
      ['proxy', '--upstream', 'http://127.0.0.1:1', '--fail-on', 'both'],
      /^plantkit: error: --fail-on must be server, client, any, got 'both'/,
    ],
    [
      'a reporter without a file',
      ['proxy', '--upstream', 'http://127.0.0.1:1', '--reporter', 'json'],
      /^plantkit: error: --reporter json needs an --output FILE \(the proxy writes its log to stdout\)/,
    ],
    [
      'a contract-only reporter',
      ['proxy', '--upstream', 'http://127.0.0.1:1', '--reporter', 'github'],
      /^plantkit: error: unknown proxy reporter 'github'/,
    ],
    [
      'a missing spec',
      ['proxy', '--upstream', 'http://127.0.0.1:1', '--spec', 'nope.yaml'],
      /^plantkit: error: cannot read spec .*nope\.yaml/,
    ],
    [
      'a bad port',
      ['proxy', '--upstream', 'http://127.0.0.1:1', '--port', '70000'],
      /^plantkit: error: --port must be an integer from 0 to 65535, got 70000/,
    ],
  ])('%s', async (_name, argv, message) => {
    const outcome = await runCli(argv);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('a port in use: exit 2 naming --port', async () => {
    const app = await startPlantStore();
    try {
      const outcome = await runCli(['proxy', '--upstream', app.url, '--port', new URL(app.url).port]);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(
        /^plantkit: error: port \d+ on 127\.0\.0\.1 is already in use \(pass --port with a free port, or --port 0 to pick one\)\n$/,
      );
    } finally {
      await app.close();
    }
  });

  test('an upstream not answering yet: a warning, not a fault', async () => {
    const gone = await startPlantStore();
    await gone.close();
    let err = '';
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const exit = run(['proxy', '--upstream', gone.url, '--port', '0'], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (err += text) },
      env: {},
      cwd: process.cwd(),
      waitForStop: () => stopped,
    });
    while (!err.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    expect(await exit).toBe(0);
    expect(err).toBe(
      `plantkit proxy: warning: cannot reach ${gone.url} (ECONNREFUSED); requests get 502 until it answers\n`,
    );
  });

  test('--help names every flag', async () => {
    const outcome = await runCli(['proxy', '--help']);
    expect(outcome.code).toBe(0);
    for (const flag of [
      '--upstream',
      '--spec',
      '--port',
      '--host',
      '--timeout',
      '--max-body-bytes',
      '--errors',
      '--no-violations-header',
      '--strict',
      '--contracts',
      '--fail-on',
      '--quiet',
      '--reporter',
      '--output',
    ])
      expect(outcome.stdout).toContain(flag);
  });
});
