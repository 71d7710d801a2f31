// @ts-check
/**
 * The helpers README samples are made with (see SAMPLES in
 * ../readme-samples.mjs): the built CLI in-process, a real mock, fronts and a
 * dead target on port 0, curl-like requests, a spec diff against a copy with
 * breaking changes, and a vitest matcher failure (curl lines: curl.mjs). One
 * session starts what its samples need and closes it all at the end.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument } from 'yaml';
import { curlBlocks, send, walkBlocks } from './curl.mjs';
import { refuseCookie, refuseName, rewriteErrors, ServerRegistry } from './servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The token samples run with; shown nowhere (the output says Bearer ***). */
const TOKEN = 'readme-token';
/** Where servers appear in samples: the mock's documented address, and an implementation's. */
const MOCK_URL = 'http://127.0.0.1:4010';
const TARGET_URL = 'http://127.0.0.1:8080';
/** The richer fixture spec of the parameter and stateful samples: path, query, header and cookie parameters under a /v1 server path, CRUD plants with paging and X-Total-Count. */
const CATALOG_SPEC = 'test/fixtures/rich/catalog-3.1.yaml';
/** The spec-gap samples' spec: shaped like what @nestjs/swagger generates, successes documented and nothing else. */
const FRAMEWORK_SPEC = 'test/fixtures/framework/todos-nest-3.0.yaml';

/** @typedef {import('./curl.mjs').SampleRequest} SampleRequest */
/** @typedef {import('./curl.mjs').WalkRequest} WalkRequest */
/** @typedef {Awaited<ReturnType<typeof createSession>>} Session */

/**
 * A POST /plants the way the README's curl lines send it.
 * @param {Record<string, unknown>} body
 * @param {{ auth?: boolean, include?: boolean }} [options]
 * @returns {SampleRequest}
 */
export function post(body, options = {}) {
  return { method: 'POST', body, ...options };
}

/** The built library and CLI (run `npm run build` first; the npm script does). */
async function loadPlantkit() {
  const dist = (/** @type {string} */ file) => import(pathToFileURL(path.join(ROOT, 'dist', file)).href);
  const [{ run }, api, { contractMatchers }] = await Promise.all([
    dist('cli/run.js'),
    dist('index.js'),
    dist('vitest/matchers.js'),
  ]);
  return { run, startMock: api.startMock, contractMatchers };
}

/** Helpers the SAMPLES use, over one set of servers started on demand and closed at the end. */
export async function createSession() {
  const plantkit = await loadPlantkit();
  const mocks = new ServerRegistry(MOCK_URL);
  const servers = new ServerRegistry(TARGET_URL);

  /** @param {string[]} argv @param {Record<string, string>} env */
  const runCli = async (argv, env = {}) => {
    let out = '';
    const sink = { write: (/** @type {string} */ text) => (out += text) };
    await plantkit.run(argv, { stdout: sink, stderr: sink, env, cwd: ROOT });
    return out;
  };

  /** @param {{ token?: string, apiKey?: string, log?: { write(text: string): unknown }, spec?: string, stateful?: boolean }} [options] */
  const startMock = async (options = {}) => {
    const mock = await plantkit.startMock({ spec: path.join(ROOT, 'openapi.yaml'), port: 0, ...options });
    mocks.cleanups.push(() => mock.close());
    mocks.shownUrls.set(mock.url, MOCK_URL);
    return mock.url;
  };

  /** Targets for contract samples: the mock, and fronts that break one thing. @type {Record<string, () => Promise<string>>} */
  const targets = {
    mock: () => startMock({ token: TOKEN }),
    'wrong-error-shape': async () => servers.front(await startMock({ token: TOKEN }), { rewrite: rewriteErrors }),
    // The proxy samples' server: any token, 400 bodies out of the Error shape.
    'wrong-error-shape-any-token': async () => servers.front(await startMock(), { rewrite: rewriteErrors }),
    'refuses-long-names': async () =>
      servers.front(await startMock({ token: TOKEN }), {
        refuse: refuseName((name) => [...name].length > 64, 'name is longer than 64 characters'),
      }),
    'refuses-non-ascii-names': async () =>
      servers.front(await startMock({ token: TOKEN }), {
        refuse: refuseName((name) => /[^\u0000-\u007f]/.test(name), 'name must be ASCII'),
      }),
    'catalog-refuses-lang-fr': async () =>
      servers.front(await startMock({ spec: path.join(ROOT, CATALOG_SPEC) }), {
        refuse: refuseCookie('lang', 'fr', 'lang=fr is not supported'),
      }),
    dead: () => servers.deadTarget(),
    // The spec-gap samples: the stateful mock of a framework-shaped spec answers 400, 401 and 404 it does not document.
    'framework-mock': () => startMock({ spec: path.join(ROOT, FRAMEWORK_SPEC), stateful: true }),
    // The stateful samples: the catalog spec's mock with and without state, and a front whose deletes delete nothing.
    'stateful-mock': () => startMock({ spec: path.join(ROOT, CATALOG_SPEC), apiKey: TOKEN, stateful: true }),
    'stateless-mock': () => startMock({ spec: path.join(ROOT, CATALOG_SPEC), apiKey: TOKEN }),
    'deletes-nothing': async () =>
      servers.front(await startMock({ spec: path.join(ROOT, CATALOG_SPEC), apiKey: TOKEN, stateful: true }), {
        keepDeleted: true,
        allHeaders: true,
      }),
  };

  /** @type {Map<string, Promise<{ curl: string, log: string }>>} */
  const proxyRuns = new Map();
  /**
   * `plantkit proxy` in front of `target` (see `targets`) while `requests`
   * go through it, then Ctrl-C: what the client saw and what the proxy printed.
   * @param {string} target @param {SampleRequest[]} requests
   */
  const proxyRun = async (target, requests) => {
    const start = targets[target];
    if (!start) throw new Error(`no target '${target}' (known: ${Object.keys(targets).join(', ')})`);
    const upstream = await start();
    let out = '';
    /** @type {() => void} */
    let stop = () => {};
    const stopped = new Promise((resolve) => (stop = () => resolve(undefined)));
    const sink = { write: (/** @type {string} */ text) => (out += text) };
    const running = plantkit.run(['proxy', '--upstream', upstream, '--port', '0'], {
      stdout: sink,
      stderr: sink,
      env: {},
      cwd: ROOT,
      waitForStop: () => stopped,
    });
    while (!out.includes('Ctrl-C stops')) await new Promise((resolve) => setTimeout(resolve, 10));
    const url = /** @type {string} */ (/ on (http:\/\/\S+) ->/.exec(out)?.[1]);
    mocks.shownUrls.set(url, MOCK_URL);
    const curl = await curlBlocks(url, requests, ['content-type', 'x-plantkit-violations'], MOCK_URL);
    // The log is written in batches: wait for the last line before stopping.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    await running;
    const [banner = '', ...rest] = out.trimEnd().split('\n');
    const summary = rest.findIndex((line) => line.startsWith('plantkit proxy: ') && line.includes(' exchange'));
    const log = [
      `$ npx plantkit proxy --upstream ${TARGET_URL}`,
      banner,
      ...rest.slice(0, summary),
      '^C',
      ...rest.slice(summary),
    ].join('\n');
    return { curl, log };
  };
  /** @param {string} target @param {SampleRequest[]} requests */
  const proxyOnce = (target, requests) => {
    const key = `${target}\u0000${JSON.stringify(requests)}`;
    if (!proxyRuns.has(key)) proxyRuns.set(key, proxyRun(target, requests));
    return /** @type {Promise<{ curl: string, log: string }>} */ (proxyRuns.get(key));
  };

  return {
    /** `$ command` and what the CLI printed; `lines` keeps only the first lines (then `...`). @param {string} shown @param {string[]} argv @param {number} [lines] */
    async cli(shown, argv, lines) {
      const out = (await runCli(argv, { PLANTKIT_TOKEN: TOKEN })).trimEnd();
      const kept = lines === undefined ? out : `${out.split('\n').slice(0, lines).join('\n')}\n...`;
      return `$ ${shown}\n${kept}`;
    },
    /** The mock's banner, as `npm start` (or `plantkit mock` with `args`) prints it. @param {string} shown @param {string[]} [args] */
    async mockBanner(shown, args = []) {
      let out = '';
      /** @type {(value?: unknown) => void} */
      let bannerDone = () => {};
      const banner = new Promise((resolve) => (bannerDone = resolve));
      const sink = {
        write: (/** @type {string} */ text) => {
          out += text;
          if (out.includes('Ctrl-C stops')) bannerDone();
        },
      };
      const running = plantkit.run(['mock', '--port', '0', '--no-watch', ...args], {
        stdout: sink,
        stderr: sink,
        env: {},
        cwd: ROOT,
        waitForStop: () => banner,
      });
      await running;
      out = out.replace(/http:\/\/127\.0\.0\.1:\d+/g, MOCK_URL);
      return `$ ${shown}\n${out.trimEnd()}`;
    },
    /** curl commands against the mock with their answers (`-i` ones with status and the headers that matter). @param {SampleRequest[]} requests */
    async curl(requests) {
      return curlBlocks(await startMock(), requests, ['allow', 'content-type', 'www-authenticate'], MOCK_URL);
    },
    /** curl commands through a proxy in front of `target`, as the client sees them. @param {string} target @param {SampleRequest[]} requests */
    async proxyCurl(target, requests) {
      return (await proxyOnce(target, requests)).curl;
    },
    /** What the same proxy printed, from its start to its exit after Ctrl-C. @param {string} target @param {SampleRequest[]} requests */
    async proxyLog(target, requests) {
      return (await proxyOnce(target, requests)).log;
    },
    /**
     * A curl walk-through against a mock of `spec` started with `options`:
     * each request as a curl command and its answer (`-i` ones with the status
     * line and the headers named in `show`).
     * @param {string} spec @param {{ stateful?: boolean }} options @param {WalkRequest[]} requests @param {string[]} show
     */
    async walk(spec, options, requests, show) {
      return walkBlocks(await startMock({ spec: path.join(ROOT, spec), ...options }), requests, show, MOCK_URL);
    },
    /** The mock's request log for these requests. @param {SampleRequest[]} requests */
    async mockLog(requests) {
      let log = '';
      const url = await startMock({ log: { write: (/** @type {string} */ text) => (log += text) } });
      for (const sample of requests) await send(url, sample);
      // The log is written in batches: closing the mock flushes it.
      const closeMock = mocks.cleanups.pop();
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
      return (target === 'dead' ? out.replace(/within 1000 ms/g, 'within 10000 ms') : out)
        .replace(/ in \d+\.\d s\n$/, ` in ${duration}\n`)
        .trimEnd();
    },
    /**
     * `plantkit contract ... --spec-gaps spec-gaps.yaml` against a target, then
     * the overlay it wrote, shown as written in the repository root (its
     * `extends` names the spec from there).
     * @param {string} target @param {string[]} args
     */
    async overlay(target, args) {
      const start = targets[target];
      if (!start) throw new Error(`no target '${target}' (known: ${Object.keys(targets).join(', ')})`);
      const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-readme-'));
      servers.cleanups.push(() => rm(directory, { recursive: true, force: true }));
      const file = path.join(directory, 'spec-gaps.yaml');
      await runCli(['contract', '--base-url', await start(), ...args, '--spec-gaps', file], { PLANTKIT_TOKEN: TOKEN });
      const overlay = (await readFile(file, 'utf8')).replace(
        /^extends: .*$/m,
        `extends: ${args[args.indexOf('--spec') + 1]}`,
      );
      return `$ npx plantkit contract --base-url ${MOCK_URL} ${args.join(' ')} --spec-gaps spec-gaps.yaml
$ cat spec-gaps.yaml
${overlay.trimEnd()}`;
    },
    /** `plantkit spec diff` of the spec against a copy with three breaking changes. */
    async specDiff() {
      const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-readme-'));
      servers.cleanups.push(() => rm(directory, { recursive: true, force: true }));
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
    /** Real URLs of the servers started so far, and the ones samples show. */
    get shownUrls() {
      return new Map([...mocks.shownUrls, ...servers.shownUrls]);
    },
    async close() {
      // Fronts first: they hold connections to the mocks.
      await servers.close();
      await mocks.close();
    },
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
