// The stateful mock against the stateless one (issue 13): `plantkit mock
// --stateful` and `plantkit mock` on the catalog spec, each in its own
// process (request log to /dev/null, no file watching), same requests, same
// run. Create: POST /v1/plants (every answer a 201 with a stored plant for the
// stateful mock). Read: GET /v1/plants/1 (a stored plant; the stateless mock
// answers its generated one). Both servers run side by side and are measured
// in turns, several rounds, median per server: other load on the machine
// then weighs on both alike. Target: the stateful mock within 20% of the
// stateless one on both.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fmt, freePort, rssKb } from '../lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = 'test/fixtures/rich/catalog-3.1.yaml';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HEADERS = {
  'x-api-key': 'bench-key',
  'x-request-id': '5f0c6f4e-2f5b-4c43-9d55-0d7f4f1f0a11',
  'content-type': 'application/json',
};
const PLANT = '{"name":"Monstera deliciosa","tag":"indoor","care":{"kind":"water","litres":2}}';

const SERVERS = [
  { name: 'plantkit mock', flags: [] },
  { name: 'plantkit mock --stateful', flags: ['--stateful'] },
];

export async function run() {
  const servers = await Promise.all(SERVERS.map(start));
  try {
    for (const server of servers) {
      // Warm-up: let the JIT settle on both paths before measuring.
      await load({ url: server.url, method: 'POST', body: PLANT }, 3, 201);
      await load({ url: `${server.url}/1`, method: 'GET' }, 3, 200);
    }
    const samples = servers.map(() => ({ create: [], read: [] }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, server] of servers.entries())
        samples[index].create.push(await load({ url: server.url, method: 'POST', body: PLANT }, DURATION_S, 201));
      for (const [index, server] of servers.entries())
        samples[index].read.push(await load({ url: `${server.url}/1`, method: 'GET' }, DURATION_S, 200));
    }
    const measured = servers.map((server, index) => ({
      name: server.name,
      create: median(samples[index].create),
      read: median(samples[index].read),
      rssMb: Math.round(rssKb(server.child.pid) / 1024),
    }));
    const stored = Number(
      (await fetch(`${servers[1].url}?limit=1`, { headers: HEADERS })).headers.get('x-total-count'),
    );
    return report(measured, stored);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

function report(measured, stored) {
  const [stateless, stateful] = measured;
  const rows = measured.map((m) => [
    m.name,
    fmt(m.create.rps),
    `${m.create.p99} ms`,
    fmt(m.read.rps),
    `${m.read.p99} ms`,
    `${m.rssMb} MB`,
  ]);
  const ratio = (a, b) => `${((a / b) * 100).toFixed(0)}%`;
  const targets = [
    [
      'create throughput ≥ 80% of stateless',
      ratio(stateful.create.rps, stateless.create.rps),
      stateful.create.rps >= 0.8 * stateless.create.rps,
    ],
    [
      'read throughput ≥ 80% of stateless',
      ratio(stateful.read.rps, stateless.read.rps),
      stateful.read.rps >= 0.8 * stateless.read.rps,
    ],
  ];
  return {
    title: `Stateful mock: ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION_S} s per request kind, ${SPEC}`,
    columns: ['server', 'create req/s', 'create p99', 'read req/s', 'read p99', 'RSS after load'],
    rows,
    notes: [
      '| target (stateful vs stateless) | ratio | met |\n| --- | --- | --- |\n' +
        targets.map(([name, value, met]) => `| ${name} | ${value} | ${met ? 'yes' : 'NO'} |`).join('\n'),
      `The stateful mock held ${fmt(stored)} plants after the create load.`,
    ],
  };
}

/** A mock in its own process, answering its first create. */
async function start(server) {
  const port = await freePort();
  const devNull = openSync('/dev/null', 'w');
  const child = spawn(
    process.execPath,
    [path.join(root, 'bin/plantkit.js'), 'mock', '--spec', SPEC, '--port', String(port), '--no-watch', ...server.flags],
    { cwd: root, stdio: ['ignore', devNull, devNull] },
  );
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const url = `http://127.0.0.1:${port}/v1/plants`;
  try {
    await firstCreate(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name: server.name, url, child, stop };
}

function median(samples) {
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { rps: middle(samples.map((sample) => sample.rps)), p99: middle(samples.map((sample) => sample.p99)) };
}

async function firstCreate(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { method: 'POST', headers: HEADERS, body: PLANT });
      await response.arrayBuffer();
      if (response.status === 201) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no 201 from ${url} within 30 s`);
}

async function load(request, seconds, status) {
  const result = await autocannon({ ...request, headers: HEADERS, connections: CONNECTIONS, duration: seconds });
  if (result.errors > 0 || result['2xx'] === 0 || result.non2xx > 0)
    throw new Error(
      `${request.method} ${request.url}: ${result.errors} errors, ${result.non2xx} answers other than ${status}`,
    );
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}
