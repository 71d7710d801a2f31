// `plantkit spec check` and `plantkit spec diff` on the Plant Store spec
// against the issue's target (< 1 s). The issue names no peer to compare with.
// Cold: the CLI as a child process (Node start-up and module loading
// included), median of RUNS. In-process: the library functions, the first
// call in a fresh process (loads Spectral) and then warm.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'bin/plantkit.js');
const RUNS = 5;
const TARGET_MS = 1000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeCli(args) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await exec(process.execPath, [cli, ...args], { cwd: root }).catch((error) => {
      if (error.code !== 0 && error.code !== 1) throw error;
    });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Node's own start-up, the floor under every cold row. */
async function timeNode() {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await exec(process.execPath, ['-e', ''], { cwd: root });
    times.push(performance.now() - start);
  }
  return median(times);
}

async function timeInProcess(label, call) {
  // A fresh process so "first call" includes loading the libraries (Spectral for check).
  const script = `
    const { ${label} } = await import(${JSON.stringify(path.join(root, `dist/${label === 'checkSpec' ? 'spec-check/check-spec' : 'spec-diff/diff-specs'}.js`))});
    const times = [];
    for (let i = 0; i < ${RUNS + 1}; i += 1) { const t = performance.now(); await ${call}; times.push(performance.now() - t); }
    console.log(JSON.stringify(times));`;
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  const [first, ...warm] = JSON.parse(stdout);
  return { first, warm: median(warm) };
}

const verdict = (ms) => (ms < TARGET_MS ? 'yes' : 'no');
const fmt = (ms) => `${Math.round(ms)} ms`;

export async function run() {
  const rows = [];
  const nodeCold = await timeNode();
  const helpCold = await timeCli(['--help']);
  const checkCold = await timeCli(['spec', 'check', 'openapi.yaml']);
  const checkNoLintCold = await timeCli(['spec', 'check', 'openapi.yaml', '--skip', 'lint']);
  const diffCold = await timeCli(['spec', 'diff', 'openapi.yaml', 'openapi.yaml']);
  const check = await timeInProcess('checkSpec', "checkSpec('openapi.yaml')");
  const diff = await timeInProcess('diffSpecs', "diffSpecs('openapi.yaml', 'openapi.yaml')");
  rows.push(["baseline: node -e '' (Node start-up alone)", fmt(nodeCold), '-', '-']);
  rows.push(['baseline: plantkit --help (Node start-up + CLI modules)', fmt(helpCold), '-', '-']);
  rows.push(['spec check (CLI, cold start)', fmt(checkCold), '< 1000 ms', verdict(checkCold)]);
  rows.push(['spec check --skip lint (CLI, cold start)', fmt(checkNoLintCold), '-', '-']);
  rows.push(['spec check (in-process, first call)', fmt(check.first), '< 1000 ms', verdict(check.first)]);
  rows.push(['spec check (in-process, warm)', fmt(check.warm), '< 1000 ms', verdict(check.warm)]);
  rows.push(['spec diff (CLI, cold start)', fmt(diffCold), '< 1000 ms', verdict(diffCold)]);
  rows.push(['spec diff (in-process, first call)', fmt(diff.first), '< 1000 ms', verdict(diff.first)]);
  rows.push(['spec diff (in-process, warm)', fmt(diff.warm), '< 1000 ms', verdict(diff.warm)]);
  const baseline = `node -e '' ${fmt(nodeCold)}, plantkit --help ${fmt(helpCold)}`;
  return {
    targets: [
      ['`spec check openapi.yaml`, cold', fmt(checkCold), baseline, '≤ 300 ms', checkCold <= 300],
      ['`spec diff` of the bundled spec with itself, cold', fmt(diffCold), baseline, '≤ 200 ms', diffCold <= 200],
    ],
    title: 'spec check / spec diff on the Plant Store spec (openapi.yaml)',
    columns: ['measurement', `median of ${RUNS}`, 'target', 'met'],
    rows,
    notes: [
      `Machine: ${os.cpus().length} cores, node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(
          ' / ',
        )} when the suite ended (other work on the machine slows every row). No peer is named by the issue; none is run.`,
      "spec check includes Spectral (spectral:oas with .spectral.yaml). Spectral's Ajv validators and the JSONPath code of its rules are generated at build time (scripts/build-spectral-validators.mjs), not at every start; the gap between the two spec check rows is loading Spectral's bundle and running its rules.",
    ],
  };
}
