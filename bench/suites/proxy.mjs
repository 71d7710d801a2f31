// The validation proxy: `plantkit proxy` against `prism proxy` (CLI 5.14.2,
// default settings) in front of the same upstream (bench/servers/bare-http.mjs,
// a node:http server answering a valid Plant), in the same run. Every server
// runs in its own process; logs go to /dev/null.
//
// Two measurements:
// - throughput: autocannon at 50 connections, as many requests as each
//   proxy (and the upstream called directly) can answer;
// - added latency: 50 connections to each at a fixed offered load that the
//   direct call and the proxy both sustain (RATE requests/s each), each
//   request timed to the microsecond. Every tick sends one request directly
//   and one through the proxy at the same instant, so both percentiles come
//   from the same moments of the same run and share whatever else the
//   machine was doing. Latency at saturation is throughput in disguise
//   (Little's law), so the proxy's own cost is measured below it.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { fmt, freePort } from '../lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_PROXY_RATE ?? 500);
const HEADERS = { authorization: 'Bearer bench-token', 'content-type': 'application/json' };
const VALID = '{"id":10,"name":"Monstera deliciosa","tag":"indoor"}';

export async function run() {
  const upstreamPort = await freePort();
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const upstream = await start([path.join(root, 'bench/servers/bare-http.mjs'), String(upstreamPort)], upstreamPort);
  try {
    const plantkitPort = await freePort();
    const plantkit = await start(
      [path.join(root, 'bin/plantkit.js'), 'proxy', '--upstream', upstreamUrl, '--port', String(plantkitPort)],
      plantkitPort,
    );
    const prismPort = await freePort();
    const prism = await start(
      [
        path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
        'proxy',
        '-h',
        '127.0.0.1',
        '-p',
        String(prismPort),
        path.join(root, 'openapi.yaml'),
        upstreamUrl,
      ],
      prismPort,
    );
    try {
      const targets = [
        { name: 'direct (no proxy)', port: upstreamPort },
        { name: 'plantkit proxy', port: plantkitPort },
        { name: 'prism proxy 5.14.2', port: prismPort },
      ];
      for (const target of targets) await load(target.port, 3); // warm-up: JIT and connection pools
      const throughput = [];
      for (const target of targets) throughput.push({ ...target, ...(await load(target.port, DURATION_S)) });

      await fixedRate(upstreamPort, plantkitPort, 2); // warm-up at the measured rate
      const { direct, proxied } = await fixedRate(upstreamPort, plantkitPort, DURATION_S);
      const latency = {
        direct: percentiles(direct.map(([, ms]) => ms)),
        proxy: percentiles(proxied.map(([, ms]) => ms)),
      };
      const added = { p50: latency.proxy.p50 - latency.direct.p50, p99: latency.proxy.p99 - latency.direct.p99 };
      // A stall of the whole machine lands in one second, not in all of them: the median second is the robust figure.
      const perSecond = Array.from({ length: DURATION_S }, (_, second) => {
        const inSecond = (samples) =>
          samples.filter(([at]) => at >= second * 1000 && at < (second + 1) * 1000).map(([, ms]) => ms);
        const [d, p] = [percentiles(inSecond(direct)), percentiles(inSecond(proxied))];
        return { p50: p.p50 - d.p50, p99: p.p99 - d.p99 };
      });
      const medianSecond = {
        p50: median(perSecond.map((item) => item.p50)),
        p99: median(perSecond.map((item) => item.p99)),
      };
      const [, mine, theirs] = throughput;
      const rows = throughput.map((m) => [
        m.name,
        fmt(m.rps),
        `${m.p99} ms`,
        m.non2xx === 0 ? 'all 200' : `${m.non2xx} not 2xx`,
      ]);
      const targetsMet = [
        [`added p99 latency at ${CONNECTIONS} connections < 2 ms`, `${added.p99.toFixed(2)} ms`, added.p99 < 2],
        ["throughput ≥ 2× Prism's proxy", `${(mine.rps / theirs.rps).toFixed(2)}×`, mine.rps >= 2 * theirs.rps],
      ];
      return {
        title: `Proxy: ${CONNECTIONS} connections, ${DURATION_S} s per target, POST /plants in front of bare node:http`,
        columns: ['target', 'req/s (saturated)', 'p99 (saturated)', 'answers'],
        rows,
        notes: [
          `| latency at ${RATE} req/s offered to each, ${CONNECTIONS} connections each, sent together (${direct.length} + ${proxied.length} requests) | p50 | p99 |\n| --- | --- | --- |\n` +
            `| direct | ${latency.direct.p50.toFixed(2)} ms | ${latency.direct.p99.toFixed(2)} ms |\n` +
            `| through plantkit proxy | ${latency.proxy.p50.toFixed(2)} ms | ${latency.proxy.p99.toFixed(2)} ms |\n` +
            `| added by the proxy | ${added.p50.toFixed(2)} ms | ${added.p99.toFixed(2)} ms |\n` +
            `| added by the proxy, median of the ${DURATION_S} one-second windows | ${medianSecond.p50.toFixed(2)} ms | ${medianSecond.p99.toFixed(2)} ms |`,
          '| target | measured | met |\n| --- | --- | --- |\n' +
            targetsMet.map(([name, value, met]) => `| ${name} | ${value} | ${met ? 'yes' : 'NO'} |`).join('\n'),
          `plantkit forwards ${((mine.rps / throughput[0].rps) * 100).toFixed(0)}% of the direct call's throughput while checking every request and answer.`,
          `Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} at the end of the suite (other work on the machine shows in every p99).`,
        ],
      };
    } finally {
      await stop(plantkit);
      await stop(prism).catch(() => {});
    }
  } finally {
    await stop(upstream);
  }
}

/** Start a server process and wait until it answers the valid request. */
async function start(args, port) {
  const devNull = openSync('/dev/null', 'w');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', devNull, devNull] });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/plants`, {
        method: 'POST',
        headers: HEADERS,
        body: VALID,
      });
      await response.arrayBuffer();
      if (response.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGTERM');
  throw new Error(`${args.join(' ')}: no 200 within 30 s`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

async function load(port, seconds) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/plants`,
    method: 'POST',
    headers: HEADERS,
    body: VALID,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.errors > 0 || result['2xx'] === 0)
    throw new Error(`load against port ${port}: ${result.errors} errors, ${result['2xx']} 2xx`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx };
}

/** Send times and latencies (ms, microsecond resolution) of requests sent at RATE per second to each port, the two sent together at every tick. */
async function fixedRate(directPort, proxyPort, seconds) {
  const pools = [directPort, proxyPort].map(
    (port) => new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS }),
  );
  /** `[ms since the start when sent, latency ms]` per request. */
  const latencies = [[], []];
  const pending = [];
  const total = Math.round(RATE * seconds);
  const started = performance.now();
  const send = (which) => {
    const sent = performance.now();
    return pools[which]
      .request({ path: '/plants', method: 'POST', headers: HEADERS, body: VALID })
      .then(async (response) => {
        await response.body.arrayBuffer();
        if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
        latencies[which].push([sent - started, performance.now() - sent]);
      });
  };
  try {
    for (let index = 0; index < total; index += 1) {
      const wait = started + (index * 1000) / RATE - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      // Which goes first alternates, so neither always pays for the other's write.
      pending.push(...(index % 2 === 0 ? [send(0), send(1)] : [send(1), send(0)]));
    }
    await Promise.all(pending);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  return { direct: latencies[0], proxied: latencies[1] };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}
