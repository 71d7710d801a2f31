#!/usr/bin/env node
// @ts-check
/**
 * The sample outputs of README.md (and of the docs it links), produced by the
 * real commands (the built CLI in dist/, a real mock, real servers on port 0)
 * so that the documentation can never drift from what plantkit prints.
 *
 *   npm run readme:samples            rewrite every sample block in SAMPLE_FILES
 *   node scripts/readme-samples.mjs --check
 *                                     exit 1, naming the samples, when a block differs
 *
 * A block in the README:
 *
 *   <!-- sample:mock-help -->
 *   ```
 *   (replaced by the generator)
 *   ```
 *   <!-- /sample -->
 *
 * Adding a sample is one line in SAMPLES below plus its block in the README.
 * Ports, timings, seeds of unseeded runs and time-based ids are normalised
 * (see normalise(); a contract run shows a typical duration given in its
 * SAMPLES line), so a sample is the same on every machine and every run.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSession, post } from './readme-samples/session.mjs';

/** @typedef {import('./readme-samples/session.mjs').Session} Session */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The files with sample blocks, relative to the repository root. */
export const SAMPLE_FILES = [
  'README.md',
  'docs/mock.md',
  'docs/contract.md',
  'docs/property-cases.md',
  'docs/stateful.md',
  'docs/proxy.md',
  'docs/spec-checks.md',
  'docs/library.md',
  'docs/reference.md',
];

/** What the proxy samples send through the proxy: a valid create, an invalid one, one without credentials. */
const PROXY_TRAFFIC = [
  post({ id: 1, name: 'Monstera', tag: 'indoor' }, { include: true }),
  post({ tag: 'indoor' }, { include: true }),
  post({ id: 2, name: 'Fern' }, { auth: false, include: true }),
];

/**
 * Every sample, by the name its README block carries. Each entry is one line:
 * a helper below and what to run.
 * @type {Record<string, (s: Session) => Promise<string>>}
 */
export const SAMPLES = {
  help: (s) => s.cli('npx plantkit --help', ['--help']),
  'mock-start': (s) => s.mockBanner('npm start            # same as: npx plantkit mock'),
  'mock-curl': (s) =>
    s.curl([
      post({ id: 1, name: 'Monstera', tag: 'indoor' }),
      post({ id: '9223372036854775808', name: 'Monstera' }),
      post({ tag: 'indoor' }),
      post({ id: 1, name: 'Monstera' }, { auth: false, include: true }),
      { method: 'GET', include: true },
    ]),
  'mock-curl-short': (s) =>
    s.curl([
      post({ id: 1, name: 'Monstera', tag: 'indoor' }),
      post({ tag: 'indoor' }),
      post({ id: 1, name: 'Monstera' }, { auth: false, include: true }),
    ]),
  'mock-log': (s) =>
    s.mockLog([
      post({ id: 1, name: 'Monstera', tag: 'indoor' }),
      post({ id: '9223372036854775808', name: 'Monstera' }),
      post({ id: 1, name: 'Monstera' }, { auth: false }),
      { method: 'GET' },
    ]),
  'mock-help': (s) => s.cli('npx plantkit mock --help', ['mock', '--help']),
  'contract-pass': (s) => s.contract('mock', ['--no-generated'], '0.1 s'),
  'contract-error-shape': (s) => s.contract('wrong-error-shape', ['--no-generated', '--quiet'], '0.1 s'),
  // A minute per operation: its boundary and random phases take about 9 s of the default 10 under load, and a cut would make the sample drift.
  'contract-long-names': (s) =>
    s.contract('refuses-long-names', ['--quiet', '--seed', '12345', '--operation-budget', '60s'], '2.2 s'),
  'contract-non-ascii-names': (s) => s.contract('refuses-non-ascii-names', ['--quiet', '--seed', '12345'], '3.3 s'),
  'contract-cookie-parameter': (s) =>
    s.contract(
      'catalog-refuses-lang-fr',
      ['--spec', 'test/fixtures/rich/catalog-3.1.yaml', '--quiet', '--seed', '12345', '--only', 'getCatalogEntry'],
      '0.4 s',
    ),
  'contract-dead-target': (s) => s.contract('dead', ['--quiet', '--no-generated'], '30.0 s'),
  'contract-spec-gaps': (s) =>
    s.contract('framework-mock', ['--spec', FRAMEWORK_SPEC, '--no-generated', '--quiet'], '0.2 s'),
  'contract-spec-gaps-overlay': (s) =>
    s.overlay('framework-mock', ['--spec', FRAMEWORK_SPEC, '--only', 'TodosController_findOne', '--no-generated']),
  'contract-help': (s) => s.cli('npx plantkit contract --help', ['contract', '--help']),
  'stateful-mock-start': (s) =>
    s.mockBanner(`npx plantkit mock --spec ${STATEFUL_SPEC} --stateful`, ['--spec', STATEFUL_SPEC, '--stateful']),
  'stateful-mock-curl': (s) =>
    s.walk(STATEFUL_SPEC, { stateful: true }, WALK, ['location', 'x-total-count', 'content-type']),
  'stateful-contract-pass': (s) =>
    s.contract(
      'stateful-mock',
      ['--spec', STATEFUL_SPEC, '--phases', 'stateful', '--seed', '12345', '--quiet'],
      '0.4 s',
    ),
  'stateful-contract-failure': (s) =>
    s.contract(
      'deletes-nothing',
      ['--spec', STATEFUL_SPEC, '--phases', 'stateful', '--max-cases', '0', '--seed', '12345', '--quiet'],
      '0.6 s',
    ),
  'stateful-contract-stateless-mock': (s) =>
    s.contract(
      'stateless-mock',
      ['--spec', STATEFUL_SPEC, '--phases', 'stateful', '--seed', '12345', '--quiet'],
      '0.3 s',
    ),
  'proxy-curl': (s) => s.proxyCurl('wrong-error-shape-any-token', PROXY_TRAFFIC),
  'proxy-log': (s) => s.proxyLog('wrong-error-shape-any-token', PROXY_TRAFFIC),
  'proxy-help': (s) => s.cli('npx plantkit proxy --help', ['proxy', '--help']),
  'spec-check': (s) => s.cli('npx plantkit spec check', ['spec', 'check']),
  'spec-check-examples': (s) =>
    s.cli(
      'npx plantkit spec check test/fixtures/spec-check/examples-31.yaml --skip lint',
      ['spec', 'check', 'test/fixtures/spec-check/examples-31.yaml', '--skip', 'lint'],
      5,
    ),
  'spec-diff': (s) => s.specDiff(),
  'spec-check-help': (s) => s.cli('npx plantkit spec check --help', ['spec', 'check', '--help']),
  'spec-diff-help': (s) => s.cli('npx plantkit spec diff --help', ['spec', 'diff', '--help']),
  'report-help': (s) => s.cli('npx plantkit report merge --help', ['report', 'merge', '--help']),
  'vitest-failure': (s) =>
    s.matcherFailure({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"title":"Fern"}' }),
};

/** The spec of the spec-gap samples: shaped like what @nestjs/swagger generates (successes only). */
const FRAMEWORK_SPEC = 'test/fixtures/framework/todos-nest-3.0.yaml';

/** The spec of docs/stateful.md, and its walk-through: create, read, list, delete, read (404), delete (404), reset. */
const STATEFUL_SPEC = 'test/fixtures/rich/catalog-3.1.yaml';
const KEY = { 'X-API-Key': 'dev' };
const WRITE = { ...KEY, 'X-Request-Id': '5f0c6f4e-2f5b-4c43-9d55-0d7f4f1f0a11' };
const WALK = [
  { method: 'POST', path: '/v1/plants', headers: WRITE, body: { name: 'Monstera', tag: 'indoor' }, include: true },
  { method: 'GET', path: '/v1/plants/1', headers: KEY },
  { method: 'POST', path: '/v1/plants', headers: WRITE, body: { name: 'Boston fern' } },
  { method: 'GET', path: '/v1/plants?limit=1', headers: KEY, include: true },
  { method: 'DELETE', path: '/v1/plants/1', headers: KEY, include: true },
  { method: 'GET', path: '/v1/plants/1', headers: KEY, include: true },
  { method: 'DELETE', path: '/v1/plants/1', headers: KEY, include: true },
  { method: 'POST', path: '/__plantkit/reset', include: true },
  { method: 'GET', path: '/v1/plants', headers: KEY, include: true },
];

/**
 * Samples the same on every run: real ports become the documented ones,
 * request durations and time-based ids become fixed values, the seed of an
 * unseeded run becomes 12345.
 * @param {string} text @param {Map<string, string>} urls
 */
export function normalise(text, urls) {
  let out = text;
  for (const [real, shown] of urls) out = out.replaceAll(real, shown);
  out = out.replace(/\b\d+\.\d ms\b/g, '1.0 ms');
  out = out.replace(/seed (\d+) \(replay with --seed \1\)/g, (match, seed) =>
    seed === '12345' ? match : 'seed 12345 (replay with --seed 12345)',
  );
  // Ids sampled from the clock (ms since 1970, 13 digits) keep their order and spacing from a fixed start.
  const stamps = [...out.matchAll(/\b1\d{12}\b/g)].map(([digits]) => BigInt(digits));
  if (stamps.length > 0) {
    // biome-ignore lint/complexity/useMathMinMax: BigInt values, which Math.min refuses
    const first = stamps.reduce((low, stamp) => (stamp < low ? stamp : low));
    out = out.replace(/\b1\d{12}\b/g, (digits) => String(1_795_328_745_282n + BigInt(digits) - first));
  }
  return out;
}

/** `<!-- sample:NAME -->`, a fenced block, `<!-- /sample -->`. */
const BLOCK = /(<!-- sample:([\w-]+) -->\n```[\w-]*\n)((?:(?!<!-- sample:)[\s\S])*?)(```\n<!-- \/sample -->)/g;

/** Names of the sample blocks in a text. @param {string} text */
export function sampleNames(text) {
  return [...text.matchAll(BLOCK)].map((match) => /** @type {string} */ (match[2]));
}

/** Samples that have no block in any of `texts`. @param {string[]} texts */
export function samplesWithoutBlock(texts) {
  const names = texts.flatMap(sampleNames);
  return Object.keys(SAMPLES).filter((name) => !names.includes(name));
}

/** The text with every sample block regenerated; throws for a block without a sample. @param {string} readme */
export async function renderSamples(readme) {
  const names = sampleNames(readme);
  const unknown = names.filter((name) => !(name in SAMPLES));
  if (unknown.length > 0)
    throw new Error(`README blocks without a sample in scripts/readme-samples.mjs: ${unknown.join(', ')}`);
  if (names.length === 0) return readme;
  const session = await createSession();
  /** @type {Map<string, string>} */
  const outputs = new Map();
  try {
    for (const name of names) {
      const sample = /** @type {(s: Session) => Promise<string>} */ (SAMPLES[name]);
      outputs.set(name, normalise(await sample(session), session.shownUrls));
    }
  } finally {
    await session.close();
  }
  return readme.replace(BLOCK, (_match, open, name, _old, close) => `${open}${outputs.get(name)}\n${close}`);
}

/** Names of the samples whose blocks differ between two READMEs. @param {string} before @param {string} after */
export function driftedSamples(before, after) {
  const blocks = (/** @type {string} */ text) =>
    new Map([...text.matchAll(BLOCK)].map((match) => [match[2], match[3]]));
  const old = blocks(before);
  return [...blocks(after)].filter(([name, body]) => old.get(name) !== body).map(([name]) => name);
}

async function main() {
  const check = process.argv.includes('--check');
  const texts = await Promise.all(SAMPLE_FILES.map((file) => readFile(path.join(ROOT, file), 'utf8')));
  const missing = samplesWithoutBlock(texts);
  if (missing.length > 0)
    throw new Error(
      `samples without a block in ${SAMPLE_FILES.join(' or ')}: ${missing.join(', ')} (add <!-- sample:NAME --> blocks)`,
    );
  for (const [index, file] of SAMPLE_FILES.entries()) {
    const text = /** @type {string} */ (texts[index]);
    const rendered = await renderSamples(text);
    const drifted = driftedSamples(text, rendered);
    if (check) {
      if (drifted.length > 0) {
        process.stderr.write(
          `readme-samples: ${drifted.length} sample(s) in ${file} differ from what the commands print: ${drifted.join(', ')} (run npm run readme:samples)\n`,
        );
        process.exitCode = 1;
      }
      continue;
    }
    if (rendered !== text) await writeFile(path.join(ROOT, file), rendered);
    process.stdout.write(`readme-samples: ${drifted.length} sample(s) updated in ${file}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    process.stderr.write(`readme-samples: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
}
