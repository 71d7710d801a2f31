#!/usr/bin/env node
// `npm run bench`: runs every suite in bench/suites/ (or those named on the
// command line) and prints one markdown table per suite. Each suite measures
// plantkit against the peer its issue names, in the same run.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(path.join(here, 'suites'))).filter((name) => name.endsWith('.mjs')).sort();
const selected = files.filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)));

console.log(`plantkit benchmark — node ${process.version}, ${new Date().toISOString()}\n`);
let failed = false;
for (const file of selected) {
  const suite = await import(pathToFileURL(path.join(here, 'suites', file)).href);
  process.stderr.write(`running ${file}…\n`);
  try {
    const { title, columns, rows, notes = [] } = await suite.run();
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
process.exitCode = failed ? 1 : 0;
