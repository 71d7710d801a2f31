/**
 * Loading Prism: the one module that requires @stoplight/prism-* (through
 * their bundle), with its faker deferred and its mocker's instances
 * configured. prism-engine.ts builds the engine on what this returns.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What scripts/prism-bundle.cjs exports: Prism's request pipeline, router and mocker, its readers of
 * operations, and the json-schema-faker and sampler instances its mocker uses.
 */
export interface PrismParts {
  factory: typeof import('@stoplight/prism-core').factory;
  createLogger: typeof import('@stoplight/prism-core').createLogger;
  route: unknown;
  mock: unknown;
  transformOas3Operations(document: unknown): unknown[];
  bundleTarget(options: { document: unknown; path: string; cloneDocument: boolean }): unknown;
  JSONSchemaFaker: { option(name: string, value: unknown): void };
  sampler: {
    sample: (schema: unknown, options: Record<string, unknown>, spec?: unknown) => unknown;
    plantkitQuiet?: boolean;
  };
  getHttpOperationsFromSpec: () => typeof import('@stoplight/prism-http').getHttpOperationsFromSpec;
}

/**
 * Load Prism's parts (only the mock pays for them): dist/vendor/prism.cjs, the
 * bundle of scripts/prism-bundle.cjs (scripts/build-prism.mjs), or that file
 * as it is where there is no bundle (tests running src/). Prism requires
 * @faker-js/faker with every locale at load time (1.4 s of its 1.8 s import
 * on the reference machine) but uses it only for `x-faker` keywords in
 * dynamic mode, so while Prism loads, its require of faker gets a stand-in
 * that loads the real module on first use.
 */
export function loadPrism(): PrismParts {
  const require = createRequire(import.meta.url);
  const Module = require('node:module') as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
  const originalLoad = Module._load;
  Module._load = function load(this: unknown, request, parent, isMain) {
    // Only the all-locales entry is deferred: postman-collection's English-only one is cheap and used at load.
    if (request !== '@faker-js/faker') return originalLoad.call(this, request, parent, isMain);
    let real: Record<string | symbol, unknown> | undefined;
    const resolve = () =>
      (real ??= originalLoad.call(this, request, parent, isMain) as Record<string | symbol, unknown>);
    const deferred = (pick: () => object) =>
      new Proxy({}, { get: (_target, key) => Reflect.get(pick(), key), has: (_target, key) => key in pick() });
    // `default` and `faker` stay deferred until a member of theirs is read.
    return new Proxy(
      {},
      {
        get: (_target, key) =>
          key === 'default' || key === 'faker'
            ? deferred(() => resolve()[key] as object)
            : key === '__esModule'
              ? true
              : resolve()[key],
        has: (_target, key) => key in resolve(),
      },
    );
  };
  try {
    const parts = require(bundleOrEntry(require)) as PrismParts;
    configureFaker(parts);
    return parts;
  } finally {
    Module._load = originalLoad;
  }
}

/**
 * The bundle when this module runs from the build (dist/, where the bundle is dist/vendor/prism.cjs); the
 * bundle's entry otherwise (tests running src/). The package root is found by the package's own name: the
 * build bundles this module into a chunk whose depth below dist/ is the bundler's choice.
 */
function bundleOrEntry(require: NodeJS.Require): string {
  try {
    const root = path.dirname(require.resolve('plantkit/package.json'));
    if (fileURLToPath(import.meta.url).startsWith(path.join(root, 'dist', path.sep)))
      return require.resolve(path.join(root, 'dist/vendor/prism.cjs'));
  } catch {
    // No package to resolve (the browser build's require knows only the entry below).
  }
  return require.resolve('../../scripts/prism-bundle.cjs');
}

/**
 * Prism's json-schema-faker adds random undeclared properties to objects
 * (`fillProperties`), which would show a frontend fields the spec never
 * promised; its static sampler prints warnings. It is Prism's own CommonJS
 * instances that must be configured.
 */
function configureFaker({ JSONSchemaFaker, sampler }: PrismParts): void {
  JSONSchemaFaker.option('fillProperties', false);
  // Prism's static sampler warns on the console about schemas it approximates (allOf of arrays, ...);
  // plantkit checks every answer against the schema itself, so the warnings are only noise in the request log.
  if (sampler.plantkitQuiet) return;
  const sample = sampler.sample.bind(sampler);
  sampler.sample = (schema, options, spec) => sample(schema, { ...options, quiet: true }, spec);
  sampler.plantkitQuiet = true;
}
