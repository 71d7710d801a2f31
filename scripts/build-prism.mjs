/**
 * dist/vendor/prism.cjs: the parts of Prism the mock uses (scripts/prism-bundle.cjs)
 * and their dependencies in one CommonJS file, so that starting the mock reads
 * and compiles one file instead of some 570. Measured with farm-bench (median of
 * 5, loaded 2-core machine): loading those parts took 1.27 s of CPU as separate
 * files, 0.57 s bundled and minified (bare `node -e ''`: 0.21 s).
 * Left out, required from node_modules when needed:
 *  - @faker-js/faker: prism-loader.ts defers its require (all locales, 1.4 s)
 *    until a dynamic answer reads it, through Module._load;
 *  - Ajv (and ajv-formats' formats): required from dist/vendor/ajv.cjs (scripts/build-vendor.mjs), the same
 *    copy the mock's own validators load (dedupe, not a second one);
 *  - packages of one large file or a few (lodash, node-fetch, mime-db, fnv-plus):
 *    they load as fast from node_modules, and leave 180 KB out of the tarball;
 *  - Prism's reader of dereferenced documents (Postman support and all), used
 *    only for path items that refer to other files.
 *
 *   node scripts/build-prism.mjs    (npm run build runs it after tsc)
 */
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { VENDORED_FOR_PRISM } from './build-vendor.mjs';
import { writeNotices } from './bundle-notices.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTFILE = path.join(ROOT, 'dist/vendor/prism.cjs');

/**
 * `lodash/isEqual` and its kind are a hundred small files (the same functions as lodash's main file, which
 * Prism loads anyway): each becomes the function of that name on the main file. `lodash/fp` too: the same
 * conversion of the main file's functions that fp.js applies to its copy, lodash.min.js. Loading the
 * bundle: 0.593 -> 0.519 s CPU (farm-bench, 9 paired runs), 336 -> 139 modules.
 */
const lodash = createRequire(import.meta.url)('lodash');
const lodashFunctions = {
  name: 'lodash-functions',
  setup(builder) {
    builder.onResolve({ filter: /^lodash\/[A-Za-z]+$/ }, (args) => ({ path: args.path, namespace: 'lodash-function' }));
    builder.onLoad({ filter: /.*/, namespace: 'lodash-function' }, (args) => {
      const name = args.path.slice('lodash/'.length);
      if (name !== 'fp' && typeof lodash[name] !== 'function') throw new Error(`lodash has no function ${name}`);
      return {
        contents:
          name === 'fp'
            ? "const _ = require('lodash').runInContext(); module.exports = require('lodash/fp/_baseConvert')(_, _);"
            : `module.exports = require('lodash').${name};`,
        resolveDir: ROOT,
        loader: 'js',
      };
    });
  },
};

/**
 * Requires that Prism's modules make at load time for parts plantkit never reaches on a plain answer: each
 * importer gets a stand-in that requires the real module on first use. Prism's mocker loads its callback
 * runner (OpenAPI callbacks: node-fetch, Prism's whole request validator with six Ajv instances and
 * lodash/fp) and the body and header validators it uses only to parse a callback's form body; its logger
 * loads the forwarder only to print a body. Loading the bundle: measured in the commit that added this.
 */
const DEFERRED = [
  ['@stoplight/prism-http/dist/mocker/index.js', './callback/callbacks'],
  ['@stoplight/prism-http/dist/mocker/index.js', '../validator/validators/body'],
  ['@stoplight/prism-http/dist/mocker/index.js', '../validator/validators/headers'],
  ['@stoplight/prism-http/dist/forwarder/index.js', 'node-fetch'],
];
const deferredRequires = {
  name: 'deferred-requires',
  setup(builder) {
    const found = new Set();
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'require-call' || args.namespace === 'deferred') return undefined;
      const entry = DEFERRED.find(([importer, request]) => request === args.path && args.importer.endsWith(importer));
      if (!entry) return undefined;
      found.add(entry);
      return {
        path: `${args.path} from ${args.importer}`,
        namespace: 'deferred',
        pluginData: { request: args.path, resolveDir: args.resolveDir },
      };
    });
    builder.onLoad({ filter: /.*/, namespace: 'deferred' }, ({ pluginData }) => ({
      // Every use in these importers reads a member (`(0, x.name)(...)`), never the module itself.
      contents: `let real;
const load = () => (real ??= require(${JSON.stringify(pluginData.request)}));
module.exports = new Proxy({}, { get: (_target, key) => load()[key], has: (_target, key) => key in load() });`,
      resolveDir: pluginData.resolveDir,
      loader: 'js',
    }));
    // A Prism upgrade that moves one of these requires fails the build instead of silently loading it again.
    builder.onEnd(() => {
      const missing = DEFERRED.filter((entry) => !found.has(entry));
      if (missing.length > 0)
        throw new Error(`deferred requires not found: ${missing.map((entry) => entry.join(' -> '))}`);
    });
  },
};

/**
 * js-yaml 3 (json-schema-ref-parser's copy, which json-schema-faker loads) requires esprima at load time,
 * through an alias the bundler cannot follow, for its `!!js/function` type only: a 277 KB parser that
 * Prism never needs for a plain answer. The build gives that type a stand-in that requires esprima on the
 * first member read (inside the type's own try, as a failed require was before).
 */
const ESPRIMA_FILE = /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/;
const ESPRIMA_REQUIRE = "esprima = _require('esprima');";
const deferredEsprima = {
  name: 'deferred-esprima',
  setup(builder) {
    builder.onLoad({ filter: ESPRIMA_FILE }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes(ESPRIMA_REQUIRE)) throw new Error(`${args.path}: its require of esprima moved`);
      const standIn =
        "let real; esprima = new Proxy({}, { get: (_target, key) => (real ??= _require('esprima'))[key] });";
      return { contents: text.replace(ESPRIMA_REQUIRE, standIn), loader: 'js' };
    });
  },
};

/** Prism's requires of Ajv, answered by the members of dist/vendor/ajv.cjs, a file beside this bundle. */
const vendoredAjv = {
  name: 'vendored-ajv',
  setup(builder) {
    builder.onResolve({ filter: /^ajv(-formats)?(\/|$)/ }, (args) => {
      const vendored = VENDORED_FOR_PRISM[args.path];
      return vendored && { path: args.path, namespace: 'vendored', pluginData: vendored };
    });
    builder.onResolve({ filter: /^\.\/[\w-]+\.cjs$/, namespace: 'vendored' }, (args) => ({
      path: args.path,
      external: true,
    }));
    builder.onLoad({ filter: /.*/, namespace: 'vendored' }, ({ pluginData }) => ({
      contents: `module.exports = require(${JSON.stringify(`./${pluginData.file}`)}).${pluginData.member};`,
      loader: 'js',
    }));
  },
};

const result = await build({
  entryPoints: [path.join(ROOT, 'scripts/prism-bundle.cjs')],
  outfile: OUTFILE,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  // Prism and its dependencies' licence texts, in dist/vendor/prism.cjs.LEGAL.txt.
  legalComments: 'linked',
  external: [
    '@faker-js/faker',
    '@stoplight/prism-http/dist/utils/operations',
    // One large file each (lodash, mime-db's JSON) or few: bundled or not, they load in the same CPU time
    // (farm-bench, 7 runs: ratio 0.99 and 1.03), so they stay out of the package's size.
    'lodash',
    'node-fetch',
    'mime-db',
    'fnv-plus',
  ],
  plugins: [vendoredAjv, lodashFunctions, deferredRequires, deferredEsprima],
  // jsonc-parser's CommonJS entry is a UMD wrapper that requires its parts at run time, which a bundle cannot.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  logLevel: 'warning',
  absWorkingDir: ROOT,
  metafile: true,
});
if (result.errors.length > 0) process.exit(1);
const { size } = await stat(OUTFILE);
const packages = writeNotices(ROOT, result.metafile, OUTFILE);
console.error(
  `dist/vendor/prism.cjs: ${(size / 1024 / 1024).toFixed(1)} MiB, ${packages} third-party packages (prism.cjs.NOTICES.txt)`,
);
