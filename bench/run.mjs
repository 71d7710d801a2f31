#!/usr/bin/env node
// `npm run bench`: runs every suite in bench/suites/ (or those named on the
// command line) and prints one markdown table per suite. Each suite measures
// plantkit against the peer its issue names, in the same run.
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(path.join(here, 'suites'))).filter((name) => name.endsWith('.mjs')).sort();
const selected = files.filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)));

const cpus = os.cpus();
console.log(
  `plantkit benchmark — node ${process.version}, ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} at the start, ${new Date().toISOString()}\n`,
);
let failed = false;
/** Issue 22's table: each suite returns the rows it measures (`targets`), printed together at the end. */
const targets = new Map();
for (const file of selected) {
  const suite = await import(pathToFileURL(path.join(here, 'suites', file)).href);
  process.stderr.write(`running ${file}…\n`);
  try {
    const { title, columns, rows, notes = [], targets: measured = [] } = await suite.run();
    for (const row of measured) targets.set(row[0], row);
    console.log(`## ${title}\n`);
    console.log(`| ${columns.join(' | ')} |`);
    console.log(`| ${columns.map(() => '---').join(' | ')} |`);
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    for (const note of notes) console.log(`\n${note}`);
    console.log('');
  } catch (error) {
    failed = true;
    console.log(`## ${file}\n\nfailed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** Every row of issue 22's table, in its order; a row whose suite did not run says so. */
const ISSUE_22 = [
  'mock valid throughput / bare node:http',
  'mock invalid throughput / bare node:http',
  'mock p99 at 50 connections (valid) / bare',
  'mock p99 at 50 connections (invalid) / bare',
  'mock / Prism throughput (valid)',
  'mock / Prism throughput (invalid)',
  'start to first 200, bundled spec',
  "start to first 200, GitHub's description",
  '`spec check openapi.yaml`, cold',
  '`spec diff` of the bundled spec with itself, cold',
  'default `contract` run, bundled spec vs the reference server',
  "peak memory, default contract run on GitHub's description vs the stateful mock",
  "mock memory after start, GitHub's description",
  'memory over a 60 s soak at full load',
  "bad-input battery's memory over 10 rounds",
];
console.log('## Targets (issue 22)\n');
console.log('| what | measured | baseline (same run) | target | met |');
console.log('| --- | --- | --- | --- | --- |');
const names = [...ISSUE_22, ...[...targets.keys()].filter((name) => !ISSUE_22.includes(name))];
for (const name of names) {
  const row = targets.get(name) ?? [name, 'not run (its suite was not selected or failed)', '-', '-', undefined];
  const [, value, baseline, target, met] = row;
  console.log(`| ${name} | ${value} | ${baseline} | ${target} | ${met === undefined ? '-' : met ? 'yes' : 'NO'} |`);
}
console.log('');
process.exitCode = failed ? 1 : 0;
