// Mock throughput, latency, startup and memory: `plantkit mock` against
// `prism mock` (CLI 5.14.2, default settings) and a bare node:http server
// (the ceiling), same spec, same requests, same run. Each server runs in its
// own process with default settings (request logs on, written to /dev/null
// so that no log reader competes with the load generator for the 2 cores).
// BENCH_BASELINE=DIR adds another plantkit checkout (built, e.g. a git
// worktree of the last release) as a row, so a change's effect on the ratio
// to Prism is measured in the same run, not against an older table.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fmt, freePort, rssKb } from '../lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const HEADERS = { authorization: 'Bearer bench-token', 'content-type': 'application/json' };
const VALID = '{"id":10,"name":"Monstera deliciosa","tag":"indoor"}';
const INVALID = '{"id":10,"tag":"indoor"}';

const baseline = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;

const SERVERS = [
  { name: 'plantkit mock', args: (port) => [path.join(root, 'bin/plantkit.js'), 'mock', '--port', String(port)] },
  ...(baseline
    ? [
        {
          name: `plantkit mock, baseline (${path.basename(baseline)})`,
          baseline: true,
          args: (port) => [
            path.join(baseline, 'bin/plantkit.js'),
            'mock',
            '--spec',
            path.join(baseline, 'openapi.yaml'),
            '--port',
            String(port),
          ],
        },
      ]
    : []),
  {
    name: 'prism mock 5.14.2',
    args: (port) => [
      path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'mock',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      path.join(root, 'openapi.yaml'),
    ],
  },
  { name: 'bare node:http', args: (port) => [path.join(root, 'bench/servers/bare-http.mjs'), String(port)] },
];

export async function run() {
  const measured = [];
  for (const server of SERVERS) measured.push(await measure(server));
  const [plantkit, prism] = measured.filter((m) => !m.baseline);
  const base = measured.find((m) => m.baseline);
  const ratio = (a, b, invert = false) => `${(invert ? b / a : a / b).toFixed(2)}×`;
  const rows = measured.map((m) => [
    m.name,
    fmt(m.valid.rps),
    `${m.valid.p99} ms`,
    fmt(m.invalid.rps),
    `${m.invalid.p99} ms`,
    `${m.startupMs} ms`,
    `${m.rssMb} MB`,
  ]);
  const targets = [
    [
      'valid throughput ≥ 2× Prism',
      ratio(plantkit.valid.rps, prism.valid.rps),
      plantkit.valid.rps >= 2 * prism.valid.rps,
    ],
    [
      'invalid throughput ≥ 2× Prism',
      ratio(plantkit.invalid.rps, prism.invalid.rps),
      plantkit.invalid.rps >= 2 * prism.invalid.rps,
    ],
    ['valid p99 ≤ ½ Prism', ratio(plantkit.valid.p99, prism.valid.p99), plantkit.valid.p99 <= prism.valid.p99 / 2],
    [
      'invalid p99 ≤ ½ Prism',
      ratio(plantkit.invalid.p99, prism.invalid.p99),
      plantkit.invalid.p99 <= prism.invalid.p99 / 2,
    ],
    ['startup to first 200 ≤ Prism', ratio(plantkit.startupMs, prism.startupMs), plantkit.startupMs <= prism.startupMs],
    ['memory after load ≤ Prism', ratio(plantkit.rssMb, prism.rssMb), plantkit.rssMb <= prism.rssMb],
    // The issues' rule: no regression beyond 10% of the ratio to Prism, both measured in this run.
    ...(base
      ? [
          [
            "valid throughput ratio to Prism ≥ 90% of the baseline's",
            `${((plantkit.valid.rps / base.valid.rps) * 100).toFixed(0)}%`,
            plantkit.valid.rps / prism.valid.rps >= 0.9 * (base.valid.rps / prism.valid.rps),
          ],
          [
            "invalid throughput ratio to Prism ≥ 90% of the baseline's",
            `${((plantkit.invalid.rps / base.invalid.rps) * 100).toFixed(0)}%`,
            plantkit.invalid.rps / prism.invalid.rps >= 0.9 * (base.invalid.rps / prism.invalid.rps),
          ],
        ]
      : []),
  ];
  const bare = measured.at(-1);
  const times = (a, b) => `${(a / b).toFixed(2)}×`;
  // Issue 22's rows, each against bare node:http (or Prism) measured above in this run.
  const issue22 = [
    [
      'mock valid throughput / bare node:http',
      times(plantkit.valid.rps, bare.valid.rps),
      `bare ${fmt(bare.valid.rps)} req/s, mock ${fmt(plantkit.valid.rps)}`,
      '≥ 0.6× (stretch 0.8×)',
      plantkit.valid.rps >= 0.6 * bare.valid.rps,
    ],
    [
      'mock invalid throughput / bare node:http',
      times(plantkit.invalid.rps, bare.invalid.rps),
      `bare ${fmt(bare.invalid.rps)} req/s, mock ${fmt(plantkit.invalid.rps)}`,
      '≥ 0.6×',
      plantkit.invalid.rps >= 0.6 * bare.invalid.rps,
    ],
    [
      'mock p99 at 50 connections (valid) / bare',
      `${plantkit.valid.p99} ms`,
      `bare ${bare.valid.p99} ms (${times(plantkit.valid.p99, Math.max(bare.valid.p99, 1))})`,
      "≤ 2× bare's p99",
      plantkit.valid.p99 <= 2 * Math.max(bare.valid.p99, 1),
    ],
    [
      'mock p99 at 50 connections (invalid) / bare',
      `${plantkit.invalid.p99} ms`,
      `bare ${bare.invalid.p99} ms (${times(plantkit.invalid.p99, Math.max(bare.invalid.p99, 1))})`,
      "≤ 2× bare's p99",
      plantkit.invalid.p99 <= 2 * Math.max(bare.invalid.p99, 1),
    ],
    [
      'mock / Prism throughput (valid)',
      times(plantkit.valid.rps, prism.valid.rps),
      `Prism ${fmt(prism.valid.rps)} req/s`,
      'never below 5×',
      plantkit.valid.rps >= 5 * prism.valid.rps,
    ],
    [
      'mock / Prism throughput (invalid)',
      times(plantkit.invalid.rps, prism.invalid.rps),
      `Prism ${fmt(prism.invalid.rps)} req/s`,
      'never below 5×',
      plantkit.invalid.rps >= 5 * prism.invalid.rps,
    ],
    [
      'mock server CPU per valid request / bare node:http',
      `${plantkit.valid.cpuUs} µs`,
      `bare ${bare.valid.cpuUs} µs (${times(bare.valid.cpuUs, plantkit.valid.cpuUs)} of the mock's throughput per CPU)`,
      '≥ 0.6× (bare / mock)',
      bare.valid.cpuUs >= 0.6 * plantkit.valid.cpuUs,
    ],
    [
      'mock server CPU per invalid request / bare node:http',
      `${plantkit.invalid.cpuUs} µs`,
      `bare ${bare.invalid.cpuUs} µs (${times(bare.invalid.cpuUs, plantkit.invalid.cpuUs)})`,
      '≥ 0.6× (bare / mock)',
      bare.invalid.cpuUs >= 0.6 * plantkit.invalid.cpuUs,
    ],
    [
      'start to first 200, bundled spec',
      `${fmt(plantkit.startupMs)} ms`,
      `bare ${fmt(bare.startupMs)} ms (${times(plantkit.startupMs, bare.startupMs)}), Prism ${fmt(prism.startupMs)} ms`,
      '≤ 250 ms',
      plantkit.startupMs <= 250,
    ],
  ];
  return {
    targets: issue22,
    title: `Mock: ${CONNECTIONS} connections, ${DURATION_S} s per request kind, POST /plants`,
    columns: [
      'server',
      'valid req/s',
      'valid p99',
      'invalid req/s',
      'invalid p99',
      'startup to first 200',
      'RSS after load',
    ],
    rows,
    notes: [
      '| target (plantkit vs Prism) | ratio | met |\n| --- | --- | --- |\n' +
        targets.map(([name, value, met]) => `| ${name} | ${value} | ${met ? 'yes' : 'NO'} |`).join('\n'),
      `Server CPU per request (user + system, all threads, /proc): ${measured.map((m) => `${m.name} ${m.valid.cpuUs} µs valid, ${m.invalid.cpuUs} µs invalid`).join('; ')}.`,
      `bare node:http is the ceiling: plantkit reaches ${((plantkit.valid.rps / bare.valid.rps) * 100).toFixed(0)}% of it on valid requests, ${((plantkit.invalid.rps / bare.invalid.rps) * 100).toFixed(0)}% on invalid ones.`,
    ],
  };
}

async function measure(server) {
  const port = await freePort();
  const started = performance.now();
  const devNull = openSync('/dev/null', 'w');
  const child = spawn(process.execPath, server.args(port), { cwd: root, stdio: ['ignore', devNull, devNull] });
  try {
    await firstOk(port);
    const startupMs = Math.round(performance.now() - started);
    // Warm-up: let every server's JIT settle on both paths before measuring.
    await load(port, VALID, 3);
    await load(port, INVALID, 3);
    const valid = await load(port, VALID, DURATION_S, child.pid);
    const invalid = await load(port, INVALID, DURATION_S, child.pid);
    const rssMb = Math.round(rssKb(child.pid) / 1024);
    return { name: server.name, baseline: server.baseline === true, startupMs, valid, invalid, rssMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function firstOk(port) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/plants`, {
        method: 'POST',
        headers: HEADERS,
        body: VALID,
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no 200 from port ${port} within 30 s`);
}

/**
 * CPU time the server process has used (user + system, all its threads), in microseconds: /proc/PID/stat
 * counts it in clock ticks (100 per second on Linux). On a shared machine wall-clock figures move with the
 * neighbours' load; CPU per request moves much less, so the rows below give both.
 */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(port, body, seconds, pid) {
  const cpuBefore = pid === undefined ? 0 : cpuMicros(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/plants`,
    method: 'POST',
    headers: HEADERS,
    body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.errors > 0 || result.non2xx + result['2xx'] === 0)
    throw new Error(`load against port ${port}: ${result.errors} errors`);
  const cpuUs = pid === undefined ? NaN : (cpuMicros(pid) - cpuBefore) / Math.max(result.requests.total, 1);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, cpuUs: Math.round(cpuUs * 10) / 10 };
}
