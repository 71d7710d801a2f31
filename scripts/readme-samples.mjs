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
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request as forward } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The files with sample blocks, relative to the repository root. */
export const SAMPLE_FILES = ['README.md', 'docs/property-cases.md'];
/** The token samples run with; shown nowhere (the output says Bearer ***). */
const TOKEN = 'readme-token';
/** Where servers appear in samples: the mock's documented address, and an implementation's. */
const MOCK_URL = 'http://127.0.0.1:4010';
const TARGET_URL = 'http://127.0.0.1:8080';

/**
 * Every sample, by the name its README block carries. Each entry is one line:
 * a helper below and what to run.
 * @type {Record<string, (s: Session) => Promise<string>>}
 */
export const SAMPLES = {
  help: (s) => s.cli('npx plantkit --help', ['--help']),
  'mock-start': (s) => s.mockBanner('npm start            # same as: npx plantkit mock'),
  'mock-curl': (s) => s.curl([post({ id: 1, name: 'Monstera', tag: 'indoor' }), post({ id: '9223372036854775808', name: 'Monstera' }), post({ tag: 'indoor' }), post({ id: 1, name: 'Monstera' }, { auth: false, include: true }), { method: 'GET', include: true }]),
  'mock-log': (s) => s.mockLog([post({ id: 1, name: 'Monstera', tag: 'indoor' }), post({ id: '9223372036854775808', name: 'Monstera' }), post({ id: 1, name: 'Monstera' }, { auth: false }), { method: 'GET' }]),
  'mock-help': (s) => s.cli('npx plantkit mock --help', ['mock', '--help']),
  'contract-pass': (s) => s.contract('mock', ['--no-generated'], '0.1 s'),
  'contract-error-shape': (s) => s.contract('wrong-error-shape', ['--no-generated', '--quiet'], '0.1 s'),
  'contract-long-names': (s) => s.contract('refuses-long-names', ['--quiet', '--seed', '12345'], '2.2 s'),
  'contract-non-ascii-names': (s) => s.contract('refuses-non-ascii-names', ['--quiet', '--seed', '12345'], '3.3 s'),
  'contract-dead-target': (s) => s.contract('dead', ['--quiet', '--no-generated'], '30.0 s'),
  'contract-help': (s) => s.cli('npx plantkit contract --help', ['contract', '--help']),
  'spec-check': (s) => s.cli('npx plantkit spec check', ['spec', 'check']),
  'spec-check-examples': (s) => s.cli('npx plantkit spec check test/fixtures/spec-check/examples-31.yaml --skip lint', ['spec', 'check', 'test/fixtures/spec-check/examples-31.yaml', '--skip', 'lint'], 5),
  'spec-diff': (s) => s.specDiff(),
  'vitest-failure': (s) => s.matcherFailure({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"title":"Fern"}' }),
};

/** @typedef {{ method: string, body?: unknown, auth?: boolean, include?: boolean }} SampleRequest */
/** @typedef {Awaited<ReturnType<typeof createSession>>} Session */

/**
 * A POST /plants the way the README's curl lines send it.
 * @param {Record<string, unknown>} body
 * @param {{ auth?: boolean, include?: boolean }} [options]
 * @returns {SampleRequest}
 */
function post(body, options = {}) {
  return { method: 'POST', body, ...options };
}

/** The built library and CLI (run `npm run build` first; the npm script does). */
async function loadPlantkit() {
  const dist = (/** @type {string} */ file) => import(pathToFileURL(path.join(ROOT, 'dist', file)).href);
  const [{ run }, api, { contractMatchers }] = await Promise.all([dist('cli/run.js'), dist('index.js'), dist('vitest/matchers.js')]);
  return { run, startMock: api.startMock, contractMatchers };
}

/** Helpers the SAMPLES use, over one set of servers started on demand and closed at the end. */
async function createSession() {
  const plantkit = await loadPlantkit();
  /** @type {Array<() => Promise<void>>} */
  const cleanups = [];
  /** @type {Map<string, string>} real URL -> URL shown */
  const shownUrls = new Map();

  /** @param {string[]} argv @param {Record<string, string>} env */
  const runCli = async (argv, env = {}) => {
    let out = '';
    const sink = { write: (/** @type {string} */ text) => (out += text) };
    await plantkit.run(argv, { stdout: sink, stderr: sink, env, cwd: ROOT });
    return out;
  };

  /** @param {{ token?: string, log?: { write(text: string): unknown } }} [options] */
  const startMock = async (options = {}) => {
    const mock = await plantkit.startMock({ spec: path.join(ROOT, 'openapi.yaml'), port: 0, ...options });
    cleanups.push(() => mock.close());
    shownUrls.set(mock.url, MOCK_URL);
    return mock.url;
  };

  /** Targets for contract samples: the mock, and fronts that break one thing. @type {Record<string, () => Promise<string>>} */
  const targets = {
    mock: () => startMock({ token: TOKEN }),
    'wrong-error-shape': async () => front(await startMock({ token: TOKEN }), rewriteErrors),
    'refuses-long-names': async () => front(await startMock({ token: TOKEN }), undefined, refuseName((name) => [...name].length > 64, 'name is longer than 64 characters')),
    'refuses-non-ascii-names': async () => front(await startMock({ token: TOKEN }), undefined, refuseName((name) => /[^\u0000-\u007f]/.test(name), 'name must be ASCII')),
    dead: () => deadTarget(),
  };

  /** @param {string} upstream @param {((status: number, body: string) => string) | undefined} rewrite @param {((body: string) => string | undefined)} [refuse] */
  const front = async (upstream, rewrite, refuse) => {
    const server = createServer((incoming, outgoing) => {
      /** @type {Buffer[]} */
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const refusal = refuse?.(body);
        if (refusal !== undefined) {
          outgoing.writeHead(400, { 'content-type': 'application/json' }).end(refusal);
          return;
        }
        const upstreamRequest = forward(`${upstream}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
          /** @type {Buffer[]} */
          const answerChunks = [];
          answer.on('data', (chunk) => answerChunks.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(answerChunks).toString('utf8');
            const sent = rewrite ? rewrite(answer.statusCode ?? 0, text) : text;
            outgoing.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' }).end(sent);
          });
        });
        upstreamRequest.end(body);
      });
    });
    return listen(server);
  };

  const deadTarget = async () => {
    const { createServer: createTcpServer } = await import('node:net');
    /** @type {Set<import('node:net').Socket>} */
    const sockets = new Set();
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    const url = await listen(server);
    // Cleanups run last first: the sockets go before the server waits for them.
    cleanups.push(async () => sockets.forEach((socket) => socket.destroy()));
    return url;
  };

  /** @param {import('node:http').Server | import('node:net').Server} server */
  const listen = async (server) => {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    const url = `http://127.0.0.1:${address.port}`;
    cleanups.push(() => new Promise((resolve) => ('closeAllConnections' in server && server.closeAllConnections(), server.close(() => resolve(undefined)))));
    shownUrls.set(url, TARGET_URL);
    return url;
  };

  /** @param {string} url @param {SampleRequest} sample */
  const send = async (url, sample) => {
    /** @type {Record<string, string>} */
    const headers = {};
    if (sample.auth !== false && sample.method !== 'GET') headers.Authorization = 'Bearer dev';
    if (sample.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${url}/plants`, { method: sample.method, headers, ...(sample.body === undefined ? {} : { body: bodyText(sample.body) }) });
    return { headers, status: response.status, statusText: response.statusText, responseHeaders: response.headers, text: await response.text() };
  };

  return {
    /** `$ command` and what the CLI printed; `lines` keeps only the first lines (then `...`). @param {string} shown @param {string[]} argv @param {number} [lines] */
    async cli(shown, argv, lines) {
      const out = (await runCli(argv, { PLANTKIT_TOKEN: TOKEN })).trimEnd();
      const kept = lines === undefined ? out : `${out.split('\n').slice(0, lines).join('\n')}\n...`;
      return `$ ${shown}\n${kept}`;
    },
    /** The mock's banner, as `npm start` prints it. @param {string} shown */
    async mockBanner(shown) {
      let out = '';
      /** @type {(value?: unknown) => void} */
      let bannerDone = () => {};
      const banner = new Promise((resolve) => (bannerDone = resolve));
      const sink = { write: (/** @type {string} */ text) => ((out += text), out.includes('Ctrl-C stops') && bannerDone()) };
      const running = plantkit.run(['mock', '--port', '0', '--no-watch'], { stdout: sink, stderr: sink, env: {}, cwd: ROOT, waitForStop: () => banner });
      await running;
      out = out.replace(/http:\/\/127\.0\.0\.1:\d+/g, MOCK_URL);
      return `$ ${shown}\n${out.trimEnd()}`;
    },
    /** curl commands against the mock with their answers (`-i` ones with status and the headers that matter). @param {SampleRequest[]} requests */
    async curl(requests) {
      const url = await startMock();
      const blocks = [];
      /** @type {string | undefined} */
      let previous;
      for (const sample of requests) {
        const answer = await send(url, sample);
        const flags = sample.include ? '-i' : '-s';
        const headerFlags = Object.entries(answer.headers).map(([name, value]) => `-H '${name}: ${value}'`).join(' ');
        const start = `curl ${flags} -X ${sample.method} ${MOCK_URL}/plants${headerFlags ? ` ${headerFlags}` : ''}`;
        const data = sample.body === undefined ? '' : ` -d '${bodyText(sample.body)}'`;
        // Repeats of the same request line are shortened as a person would.
        const command = start === previous ? `curl ...${data}` : `${start}${data}`;
        previous = start;
        const shown = ['allow', 'content-type', 'www-authenticate'].flatMap((name) => (answer.responseHeaders.has(name) ? [`${name}: ${answer.responseHeaders.get(name)}`] : []));
        const head = sample.include ? `HTTP/1.1 ${answer.status} ${answer.statusText}\n${shown.join('\n')}\n\n` : '';
        blocks.push(`$ ${command}\n${head}${answer.text}`);
      }
      return blocks.join('\n\n');
    },
    /** The mock's request log for these requests. @param {SampleRequest[]} requests */
    async mockLog(requests) {
      let log = '';
      const url = await startMock({ log: { write: (/** @type {string} */ text) => (log += text) } });
      for (const sample of requests) await send(url, sample);
      // The log is written in batches: closing the mock flushes it.
      const closeMock = cleanups.pop();
      if (closeMock) await closeMock();
      return log.trimEnd();
    },
    /**
     * `plantkit contract` against a target (see `targets`). The run time is
     * shown as `duration` (a typical run's; the real one varies). Against the
     * dead target the sample runs with a 1 s timeout, so that it costs 3 s,
     * not 30, and shows the default 10 s as a run with default flags prints it.
     * @param {string} target @param {string[]} args @param {string} duration
     */
    async contract(target, args, duration) {
      const start = targets[target];
      if (!start) throw new Error(`no target '${target}' (known: ${Object.keys(targets).join(', ')})`);
      const url = await start();
      const timeout = target === 'dead' ? ['--timeout', '1000'] : [];
      const out = await runCli(['contract', '--base-url', url, ...timeout, ...args], { PLANTKIT_TOKEN: TOKEN });
      return (target === 'dead' ? out.replace(/within 1000 ms/g, 'within 10000 ms') : out).replace(/ in \d+\.\d s\n$/, ` in ${duration}\n`).trimEnd();
    },
    /** `plantkit spec diff` of the spec against a copy with three breaking changes. */
    async specDiff() {
      const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-readme-'));
      cleanups.push(() => rm(directory, { recursive: true, force: true }));
      const spec = await readFile(path.join(ROOT, 'openapi.yaml'), 'utf8');
      await writeFile(path.join(directory, 'openapi.yaml'), breakingChanges(spec));
      const out = await runCli(['spec', 'diff', 'openapi.yaml', path.join(directory, 'openapi.yaml')]);
      return `$ npx plantkit spec diff openapi.yaml /tmp/readme/openapi.yaml\n${out.replaceAll(directory, '/tmp/readme').trimEnd()}`;
    },
    /** The message of a failed `toMatchContract`. @param {{ status: number, headers: Record<string, string>, body: string }} response */
    async matcherFailure(response) {
      const matchers = await plantkit.contractMatchers(path.join(ROOT, 'openapi.yaml'));
      const result = await matchers.toMatchContract.call({}, response, 'addPlant');
      return result.message();
    },
    shownUrls,
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/** @param {unknown} body */
function bodyText(body) {
  // int64 ids beyond 2^53 are written as strings in SAMPLES and sent as exact digits.
  return JSON.stringify(body).replace(/"(-?\d{16,})"/g, '$1').replace(/[,:](?=["{\d-])/g, '$& ');
}

/**
 * A 400 body rewritten out of the spec's Error shape ({error, message})
 * into another one ({code, detail}): the README's failing run.
 * @param {number} status @param {string} text
 */
function rewriteErrors(status, text) {
  if (status !== 400) return text;
  const error = JSON.parse(text);
  return JSON.stringify({ code: 'bad_request', detail: error.message });
}

/**
 * A front's refusal: a 400 Error body for a request whose `name` is refused
 * (the generated-cases samples), else undefined (forwarded).
 * @param {(name: string) => boolean} refused @param {string} message
 */
function refuseName(refused, message) {
  return (/** @type {string} */ body) => {
    try {
      const name = JSON.parse(body).name;
      return typeof name === 'string' && refused(name) ? JSON.stringify({ error: 400, message }) : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * The spec with `tag` required, `id` narrowed to int32 and the 400 response
 * removed: three breaking changes for the spec diff sample.
 * @param {string} spec
 */
function breakingChanges(spec) {
  const document = parseDocument(spec);
  document.setIn(['components', 'schemas', 'Plant', 'required'], document.createNode(['name', 'tag']));
  document.setIn(['components', 'schemas', 'NewPlant', 'allOf', 1, 'properties', 'id', 'format'], 'int32');
  document.deleteIn(['paths', '/plants', 'post', 'responses', '400']);
  return document.toString();
}

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
  out = out.replace(/seed (\d+) \(replay with --seed \1\)/g, (match, seed) => (seed === '12345' ? match : 'seed 12345 (replay with --seed 12345)'));
  // Ids sampled from the clock (ms since 1970, 13 digits) keep their order and spacing from a fixed start.
  const stamps = [...out.matchAll(/\b1\d{12}\b/g)].map(([digits]) => BigInt(digits));
  if (stamps.length > 0) {
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
  if (unknown.length > 0) throw new Error(`README blocks without a sample in scripts/readme-samples.mjs: ${unknown.join(', ')}`);
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
  const blocks = (/** @type {string} */ text) => new Map([...text.matchAll(BLOCK)].map((match) => [match[2], match[3]]));
  const old = blocks(before);
  return [...blocks(after)].filter(([name, body]) => old.get(name) !== body).map(([name]) => name);
}

async function main() {
  const check = process.argv.includes('--check');
  const texts = await Promise.all(SAMPLE_FILES.map((file) => readFile(path.join(ROOT, file), 'utf8')));
  const missing = samplesWithoutBlock(texts);
  if (missing.length > 0) throw new Error(`samples without a block in ${SAMPLE_FILES.join(' or ')}: ${missing.join(', ')} (add <!-- sample:NAME --> blocks)`);
  for (const [index, file] of SAMPLE_FILES.entries()) {
    const text = /** @type {string} */ (texts[index]);
    const rendered = await renderSamples(text);
    const drifted = driftedSamples(text, rendered);
    if (check) {
      if (drifted.length > 0) {
        process.stderr.write(`readme-samples: ${drifted.length} sample(s) in ${file} differ from what the commands print: ${drifted.join(', ')} (run npm run readme:samples)\n`);
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
