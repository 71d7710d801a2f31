/**
 * Each command loads only its own heavy dependencies (ARCHITECTURE.md):
 * the mock never loads undici or Spectral, the contract runner never Prism
 * or Spectral, the proxy neither Prism nor Spectral nor fast-check. Checked on the built modules in a fresh Node process.
 * msw, an ES module, is looked for among the imported modules too: only `plantkit/msw` loads it.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';

/** The heavy packages present in require's cache after importing `module` (a path under dist/). */
function heavyPackagesLoadedBy(module: string): string[] {
  const script = `
    await import(${JSON.stringify(`./dist/${module}`)});
    const { createRequire } = await import('node:module');
    const cache = Object.keys(createRequire(import.meta.url).cache);
    const heavy = ['undici', '@stoplight/prism-http', '@stoplight/spectral-core', 'fast-check'];
    // Prism and Spectral as the build bundles them (scripts/build-prism.mjs, scripts/build-vendor.mjs) count as themselves.
    const bundles = { '@stoplight/prism-http': '/dist/vendor/prism.cjs', '@stoplight/spectral-core': '/dist/vendor/spectral.cjs' };
    const places = (name) => ['/node_modules/' + name + '/', ...(bundles[name] ? [bundles[name]] : [])];
    console.log(JSON.stringify(heavy.filter((name) => cache.some((file) => places(name).some((place) => file.includes(place))))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString()) as string[];
}

test.each([
  ['the mock', 'cli/commands/mock.js', []],
  ['the contract runner', 'cli/commands/contract.js', ['undici']],
  ['the proxy', 'cli/commands/proxy.js', ['undici']],
  ['the spec commands', 'cli/commands/spec.js', []],
])('%s loads only its own heavy dependencies', (_name, module, want) => {
  expect(heavyPackagesLoadedBy(module)).toEqual(want);
});

test('spec check lints with Spectral from its bundle, dist/vendor/spectral.cjs, with its validators and JSONPath code written at build time, the meta-schema validators of its spec version only, and no file of the Spectral packages', () => {
  const script = `
    const { checkSpec } = await import('./dist/spec-check/check-spec.js');
    const result = await checkSpec('openapi.yaml');
    const { createRequire } = await import('node:module');
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({
      checks: result.checks,
      bundle: cache.filter((file) => file.includes('/dist/vendor/spectral')).map((file) => file.slice(file.indexOf('/dist/'))).sort(),
      packages: cache.filter((file) => file.includes('/node_modules/@stoplight/spectral-')).length,
    }));`;
  const seen = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString());
  expect(seen).toEqual({
    checks: expect.arrayContaining(['lint']),
    bundle: [
      '/dist/vendor/spectral-ajv-validators.cjs',
      '/dist/vendor/spectral-nimma-code.cjs',
      // openapi.yaml is OpenAPI 3.1.
      '/dist/vendor/spectral-validators-oas3_1.cjs',
      '/dist/vendor/spectral-validators-runtime.cjs',
      '/dist/vendor/spectral-validators.cjs',
      '/dist/vendor/spectral.cjs',
    ],
    packages: 0,
  });
}, 90_000);

/** Runs in a data: URL module registered as a resolve hook: reports each resolved module URL to the main thread. */
const RESOLVE_HOOK = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`;

/** Whether importing `module` (a path under dist/) imports or requires anything of the msw package. */
function loadsMsw(module: string): boolean {
  const script = `
    const { register, createRequire } = await import('node:module');
    const { MessageChannel } = await import('node:worker_threads');
    const imported = [];
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (url) => imported.push(url));
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(RESOLVE_HOOK)}`)}, { data: { port: port2 }, transferList: [port2] });
    await import(${JSON.stringify(`./dist/${module}`)});
    // The hook's messages arrive on later turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    port1.close();
    const files = [...Object.keys(createRequire(import.meta.url).cache), ...imported];
    console.log(JSON.stringify(files.some((file) => file.includes('/node_modules/msw/'))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString()) as boolean;
}

test.each([
  ['the mock', 'cli/commands/mock.js', false],
  ['the contract runner', 'cli/commands/contract.js', false],
  ['the proxy', 'cli/commands/proxy.js', false],
  ['the spec commands', 'cli/commands/spec.js', false],
  ['the library (plantkit)', 'index.js', false],
  ['plantkit/vitest', 'vitest/matchers.js', false],
  // The detector's own proof that it sees an ES module import.
  ['plantkit/msw', 'msw/index.js', true],
])(
  '%s (%s) loads msw: %s',
  (_name, module, want) => {
    expect(loadsMsw(module)).toBe(want);
  },
  // A fresh Node process importing a whole command: 30-46 s each at a load average of 20 on 2 cores.
  90_000,
);

/** What importing the library, starting a mock on the bundled spec and sending it one request (with `prefer`) loads. */
function firstAnswerLoads(prefer: string | undefined): {
  status: number;
  body: unknown;
  fastCheck: boolean;
  prism: boolean;
} {
  const script = `
    const { startMock } = await import('./dist/index.js');
    const { createRequire } = await import('node:module');
    const mock = await startMock({ spec: 'openapi.yaml', port: 0, host: '127.0.0.1', quiet: true, watch: false });
    try {
      const body = JSON.stringify({ id: 10, name: 'Monstera deliciosa', tag: 'indoor' });
      const headers = { 'content-type': 'application/json', authorization: 'Bearer any', ...${JSON.stringify(prefer === undefined ? {} : { prefer })} };
      const response = await fetch(mock.url + '/plants', { method: 'POST', headers, body });
      const answer = await response.json();
      const cache = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({
        status: response.status,
        body: answer,
        fastCheck: cache.some((file) => file.includes('/node_modules/fast-check/')),
        // Prism as the build bundles it (scripts/build-prism.mjs) or as its packages.
        prism: cache.some((file) => file.includes('/dist/vendor/prism.cjs') || file.includes('/node_modules/@stoplight/prism-')),
      }));
    } finally {
      await mock.close();
    }`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString());
}

test('the mock answers its first valid request on the bundled spec with the example, loading neither fast-check nor Prism', () => {
  // The first example of the 200 (openapi.yaml), plantkit's own static answer (src/mock/static-answer.ts).
  expect(firstAnswerLoads(undefined)).toEqual({
    status: 200,
    body: { name: 'Monstera deliciosa', tag: 'indoor' },
    fastCheck: false,
    prism: false,
  });
});

test('a dynamic answer on the bundled spec loads Prism (the check above sees it)', () => {
  expect(firstAnswerLoads('dynamic=true')).toMatchObject({ status: 200, prism: true });
});
