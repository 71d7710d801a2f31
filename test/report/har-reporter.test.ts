/**
 * --reporter har on a real run (the stateful mock on the catalog spec, with
 * pinned credentials): valid HTTP Archive 1.2 (a schema written from the
 * spec, test/fixtures/har/), one entry per exchange a case stands for, and
 * no credential anywhere in the file.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSchemaCompiler } from '../../src/core/validation/ajv.js';
import { runCli } from '../support/cli.js';
import { fixturePath, withMock } from '../support/mock.js';

const SPEC = fixturePath('rich/catalog-3.1.yaml');
const API_KEY = 'catalog-key-5e1f0c2a';
const BASIC = 'keeper:greenhouse-pass-77';
const validateHar = createSchemaCompiler().compile(
  JSON.parse(await readFile(fixturePath('har/har-1.2.schema.json'), 'utf8')) as object,
);

interface Har {
  log: {
    version: string;
    creator: { name: string };
    pages: Array<{ id: string; title: string }>;
    entries: Array<{
      pageref: string;
      request: { method: string; url: string; headers: Array<{ name: string; value: string }> };
      response: { status: number; content: { text?: string } };
      comment: string;
      _plantkit: { case: string; verdict: string; step?: number };
    }>;
    comment: string;
  };
}

let directory: string;
let har: Har;
let harText: string;
let report: { cases: Array<{ id: string; verdict: string; sequence: { steps: unknown[] } | null }> };

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-har-'));
  await withMock(
    { spec: SPEC, stateful: true, apiKey: API_KEY, basic: BASIC, log: { write: () => true } },
    async (mock) => {
      const outcome = await runCli(
        [
          'contract',
          ...['--spec', SPEC, '--base-url', mock.url, '--seed', '5', '--max-cases', '3', '--quiet'],
          ...['--reporter', 'har', '--output', path.join(directory, 'run.har')],
          ...['--reporter', 'json', '--output', path.join(directory, 'run.json')],
        ],
        { PLANTKIT_API_KEY: API_KEY, PLANTKIT_BASIC: BASIC },
      );
      expect(outcome.stderr).toBe('');
    },
  );
  harText = await readFile(path.join(directory, 'run.har'), 'utf8');
  har = JSON.parse(harText) as Har;
  report = JSON.parse(await readFile(path.join(directory, 'run.json'), 'utf8')) as typeof report;
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('--reporter har', () => {
  test('is valid HTTP Archive 1.2', () => {
    expect(validateHar(har), JSON.stringify(validateHar.errors?.slice(0, 3))).toBe(true);
    expect(har.log).toMatchObject({ version: '1.2', creator: { name: 'plantkit' } });
    expect(har.log.pages).toEqual([expect.objectContaining({ id: 'plantkit-contract' })]);
    expect(har.log.entries.every((entry) => entry.pageref === 'plantkit-contract')).toBe(true);
    // The schema has teeth: a missing required field or a custom field without its underscore is refused.
    const [first, ...rest] = har.log.entries as unknown as Array<Record<string, unknown>>;
    const { timings: _timings, ...untimed } = first!;
    expect(validateHar({ log: { ...har.log, entries: [untimed, ...rest] } })).toBe(false);
    expect(validateHar({ log: { ...har.log, entries: [{ ...first, plantkit: {} }, ...rest] } })).toBe(false);
  });

  test('holds an entry for every case sent and one per step of every sequence', () => {
    const sent = report.cases.filter((item) => item.verdict !== 'skipped');
    const steps = sent.reduce((sum, item) => sum + (item.sequence ? item.sequence.steps.length : 1), 0);
    expect(sent.some((item) => item.sequence !== null)).toBe(true);
    expect(har.log.entries).toHaveLength(steps);
    expect(new Set(har.log.entries.map((entry) => entry._plantkit.case))).toEqual(new Set(sent.map((item) => item.id)));
    const created = har.log.entries.find((entry) => entry.request.method === 'POST' && entry.response.status === 201);
    expect(created?.response.content.text).toMatch(/^\{/);
  });

  test('no credential appears: the key and the Basic pair are masked as in the JSON report', () => {
    const basic64 = Buffer.from(BASIC).toString('base64');
    for (const secret of [API_KEY, basic64, 'greenhouse-pass-77']) expect(harText).not.toContain(secret);
    // Auth cases send a wrong or empty key on purpose: those are not the secret and stay readable.
    const keyed = har.log.entries
      .filter((entry) => !entry._plantkit.case.includes('/auth/'))
      .flatMap((entry) => entry.request.headers.filter((header) => header.name === 'x-api-key'));
    expect(keyed.length).toBeGreaterThan(0);
    expect(new Set(keyed.map((header) => header.value))).toEqual(new Set(['***']));
  });

  test.each(['har', 'html'])(
    '--reporter %s: an unwritable --output is refused before the first request (exit 2)',
    async (reporter) => {
      let requests = 0;
      const server = createServer((_request, response) => {
        requests += 1;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        await writeFile(path.join(directory, 'a-file'), '', { flag: 'a' });
        const { port } = server.address() as { port: number };
        const outcome = await runCli(
          [
            'contract',
            ...['--spec', SPEC, '--base-url', `http://127.0.0.1:${port}`],
            ...['--reporter', reporter, '--output', path.join(directory, 'a-file', `run.${reporter}`)],
          ],
          { PLANTKIT_API_KEY: API_KEY, PLANTKIT_BASIC: BASIC },
        );
        expect(outcome.code).toBe(2);
        expect(outcome.stderr).toMatch(/^plantkit: error: --output .*a-file\/run\.\w+: cannot create its directory/);
        expect(requests).toBe(0);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});
