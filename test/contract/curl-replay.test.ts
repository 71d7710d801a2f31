/**
 * Issue 18 section 4: reproduce lines are exact. A recording front (port 0)
 * stands before a reference app; a run (static, generated and stateful
 * cases) goes through it, then every curl line of the run is run with the
 * real /usr/bin/curl, variables set as a user would, against the same front,
 * and each request curl sent is compared with the one the runner sent:
 * method, target, body bytes and the header set (names case-insensitive;
 * Connection, a hop-by-hop header of the transport, left out).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { runSecrets, toCurl } from '../../src/core/exchange/redact.js';
import type { CaseResult } from '../../src/core/exchange/types.js';
import { runCli } from '../support/cli.js';
import { type RecordedExchange, startRecordingFront } from '../support/fronts.js';
import { TARGETS } from '../support/rich-targets.js';

const run = promisify(execFile);

/** What a request is, for the comparison: method, target, body, and the header set. */
function request(exchange: RecordedExchange): string {
  const headers = exchange.rawHeaders
    .filter(([name]) => !/^(connection|x-recorded-as)$/i.test(name))
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort();
  return [`${exchange.method} ${exchange.target}`, ...headers, '', exchange.body.toString('latin1')].join('\n');
}

/** Run `line` with the shell, as a user would paste it, with `env` set; the front records what curl sent. */
async function replay(line: string, env: Record<string, string>): Promise<void> {
  await run('sh', ['-c', `${line} --silent --output /dev/null --max-time 10`], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
}

/** Run `work` over `items`, eight at a time. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index]!);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('every curl line of a run sends what the runner sent', () => {
  test.each(['catalog', 'forms', 'greenhouse'] as const)(
    '%s: static, generated and stateful requests',
    async (name) => {
      const target = TARGETS[name];
      const app = await target.start('correct', true);
      const front = await startRecordingFront(app.url);
      cleanups.push(
        () => front.close(),
        () => app.close(),
      );
      const results: CaseResult[] = [];
      await runContract({
        baseUrl: front.url,
        spec: target.spec,
        contracts: false,
        seed: 3,
        maxCases: 5,
        ...target.options,
        onEvent: (event) => event.type === 'case-finished' && results.push(event.result),
      });
      // The secrets as the CLI names them (contract.ts): the token, the API key, Basic credentials from their pair.
      const { PLANTKIT_TOKEN: token, PLANTKIT_API_KEY: apiKey, PLANTKIT_BASIC: basic } = target.env;
      const secrets = runSecrets(token, 'PLANTKIT_TOKEN', [
        ...(apiKey ? [{ value: apiKey, variable: 'PLANTKIT_API_KEY' }] : []),
        ...(basic ? [{ value: Buffer.from(basic).toString('base64'), variable: 'PLANTKIT_BASIC', basic: true }] : []),
      ]);
      const sent = front.exchanges.slice();
      const lines: Array<{ line: string; runner: RecordedExchange }> = [];
      for (const result of results) {
        const index = result.exchange.response?.headers['x-recorded-as'];
        if (index !== undefined)
          lines.push({ line: toCurl(result.exchange.url, result.case.request, secrets), runner: sent[Number(index)]! });
        for (const step of result.sequence?.steps ?? []) {
          const runner = sent.find(
            (exchange) =>
              exchange.method === step.request.method &&
              `${front.url}${exchange.target}` === new URL(step.url).href &&
              exchange.body.toString('utf8') === (step.request.body ?? ''),
          );
          expect(runner, `${step.title} ${step.url}`).toBeDefined();
          lines.push({ line: toCurl(step.url, step.request, secrets), runner: runner! });
        }
      }
      const kinds = new Set(results.map((result) => result.case.kind));
      expect([...kinds].sort()).toEqual(
        name === 'catalog'
          ? ['auth', 'generated', 'negative', 'positive', 'stateful']
          : expect.arrayContaining(['generated']),
      );
      expect(lines.length).toBeGreaterThan(40);
      // Several at a time: the front then holds the same requests as the runner's, in another order.
      const before = front.exchanges.length;
      await inBatches(lines, (item) => replay(item.line, target.env));
      const replayed = front.exchanges.slice(before).map(request).sort();
      expect(replayed).toEqual(lines.map((item) => request(item.runner)).sort());
    },
    400_000,
  );
});

describe('the printed lines of a failing run: console, JSON and JUnit', () => {
  test('each reproduce line (cases and sequence steps) sends what the runner sent', async () => {
    const app = await TARGETS.catalog.start('drops-tag', true);
    const front = await startRecordingFront(app.url);
    const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-curl-'));
    cleanups.push(
      () => front.close(),
      () => app.close(),
      () => rm(directory, { recursive: true, force: true }),
    );
    const [json, junit] = [path.join(directory, 'report.json'), path.join(directory, 'report.xml')];
    const outcome = await runCli(
      [
        'contract',
        '--base-url',
        front.url,
        '--spec',
        TARGETS.catalog.spec,
        '--no-contracts',
        '--seed',
        '4',
        '--max-cases',
        '5',
        '--reporter',
        'console',
        '--reporter',
        'json',
        '--output',
        json,
        '--reporter',
        'junit',
        '--output',
        junit,
      ],
      TARGETS.catalog.env,
    );
    expect(outcome.code).toBe(1);
    const sent = front.exchanges.map(request);
    const report = JSON.parse(await readFile(json, 'utf8')) as {
      cases: Array<{ curl: string | null; sequence: { steps: Array<{ curl: string }> } | null }>;
    };
    const xml = await readFile(junit, 'utf8');
    const printed = [
      ...[...outcome.stdout.matchAll(/(?:reproduce|step \d+: [^\n]*?): (curl [^\n]+)/g)].map((match) => match[1]!),
      ...report.cases.flatMap((item) => [
        ...(item.curl ? [item.curl] : []),
        ...(item.sequence?.steps.map((step) => step.curl) ?? []),
      ]),
      ...[...xml.matchAll(/(?:reproduce|step \d+: [^\n]*?): (curl [^\n<]+)/g)].map((match) =>
        match[1]!
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
      ),
    ];
    expect(printed.length).toBeGreaterThan(3);
    expect(printed.some((line) => line.includes('"$PLANTKIT_API_KEY"') || line.includes('$PLANTKIT_API_KEY'))).toBe(
      true,
    );
    const before = front.exchanges.length;
    await inBatches(printed, (line) => replay(line, TARGETS.catalog.env));
    const replayed = front.exchanges.slice(before).map(request);
    expect(replayed).toHaveLength(printed.length);
    for (const item of replayed) expect(sent).toContain(item);
  }, 240_000);
});
