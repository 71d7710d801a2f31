/**
 * dist/vendor/<name>.cjs: the dependencies that plantkit's own code loads on the way to the mock's first answer
 * and to `spec diff`, each as one minified CommonJS file with its third-party notices beside it. Node then reads
 * and compiles one file where it read 97 (Ajv and ajv-formats with theirs), 72 (yaml) and 10 (lossless-json).
 * The bundled packages are devDependencies: a user installs them once, in the tarball (issue 22).
 *
 * plantkit's modules reach these files through the package's private import map (`#vendor/*` in package.json's
 * "imports"): scripts/build-bundle.mjs rewrites the imports and requires of VENDORED's packages to them, and
 * scripts/build-prism.mjs points Prism's requires of Ajv at dist/vendor/ajv.cjs, so that the mock still loads
 * one copy of Ajv. Tests running src/ load the packages themselves.
 *
 *   node scripts/build-vendor.mjs    (npm run build runs it before build-prism.mjs and build-bundle.mjs)
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { writeNotices } from './bundle-notices.mjs';
import { nimmaCode } from './nimma-code-plugin.mjs';
import { indexOf, splitByExport } from './split-validators.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** Spectral's precompiled OpenAPI meta-schema validators, as src/spec-check/lint/spectral.ts requires them. */
const VALIDATORS = '@stoplight/spectral-rulesets/dist/oas/schemas/validators.js';

/**
 * Each vendored file and what it exports, by member name: a package's module. A member is a getter, so a part
 * that nobody reads (Ajv's draft-07 and 2019 classes, used only by Prism's callback runner) is never run.
 */
const FILES = {
  'ajv.cjs': {
    ajv: 'ajv',
    ajv2019: 'ajv/dist/2019',
    ajv2020: 'ajv/dist/2020',
    codegen: 'ajv/dist/compile/codegen',
    formats: 'ajv-formats',
    formatDefinitions: 'ajv-formats/dist/formats',
  },
  'yaml.cjs': { yaml: 'yaml' },
  'lossless-json.cjs': { losslessJson: 'lossless-json' },
  // What Spectral's precompiled validators require (its own versions, resolved from the validators' folder).
  'spectral-validators-runtime.cjs': {
    formats: 'ajv-formats/dist/formats',
    equal: 'ajv/dist/runtime/equal',
  },
  // Spectral for `spec check` (scripts/spectral-bundle.cjs; src/spec-check/lint/spectral-loader.ts loads it).
  'spectral.cjs': { spectral: './scripts/spectral-bundle.cjs' },
  // Spectral's ruleset bundler (rollup, and the rulesets' index with AsyncAPI's and Arazzo's): only a ruleset with
  // custom functions or other files loads it, so it stays out of spectral.cjs, which every lint loads.
  'spectral-bundler.cjs': {
    withLoader: '@stoplight/spectral-ruleset-bundler/with-loader',
    builtins: '@stoplight/spectral-ruleset-bundler/plugins/builtins',
  },
};

/** The Spectral packages that spectral.cjs holds and spectral-bundler.cjs takes from it (`packages` of the first). */
export const SPECTRAL_PACKAGES = [
  '@stoplight/spectral-core',
  '@stoplight/spectral-formats',
  '@stoplight/spectral-functions',
  '@stoplight/spectral-parsers',
  '@stoplight/spectral-ref-resolver',
  '@stoplight/spectral-runtime',
];

/**
 * Requires that one vendored file answers from another beside it (`require('./<file>')`), by the requiring file:
 * each package is bundled once, so the bundler's rulesets and the linter share one Spectral core (its Ruleset
 * class, its functions). spectral.cjs requires spectral-bundler.cjs itself (scripts/spectral-bundle.cjs).
 */
const SIBLINGS = {
  'spectral-bundler.cjs': Object.fromEntries(
    SPECTRAL_PACKAGES.map((name) => [
      name,
      { file: 'spectral.cjs', member: `spectral.packages[${JSON.stringify(name)}]` },
    ]),
  ),
};

/**
 * Spectral's precompiled OpenAPI meta-schema validators (the structure check of every command, core/spec/load-spec.ts):
 * one module of 1 MB, copied as it is with its two requires pointed at spectral-validators-runtime.cjs. Bundled,
 * its body would sit in a function inside the bundle that V8 parses twice (once to skip it, once to run it):
 * loading it took 0.339 s of CPU bundled and minified, 0.254 s as the package's file (farm-bench, 9 paired runs).
 * `split`: the module's exports, each in a file of its own (`spectral-validators-<export>.cjs`, the package's code
 * unminified, scripts/split-validators.mjs) behind an index of getters, so that a run reads one version's.
 */
const COPIED = {
  'spectral-validators.cjs': {
    source: VALIDATORS,
    requires: {
      'ajv-formats/dist/formats': 'spectral-validators-runtime.cjs',
      'ajv/dist/runtime/equal': 'spectral-validators-runtime.cjs',
    },
    split: ['oas2_0', 'oas3_0', 'oas3_1', 'oas3_2', 'arazzo1_0'],
  },
};

/** The files a COPIED entry becomes: itself, and one per export when it is split. */
const copiedFiles = (file, { split = [] }) => [
  file,
  ...split.map((name) => `${file.replace(/\.cjs$/, '')}-${name}.cjs`),
];

/**
 * The files this script writes to dist/vendor/, and the validators and JSONPath code that
 * scripts/build-spectral-validators.mjs records from spectral.cjs afterwards (test/packaging/packed-files.test.ts lists the tarball's).
 */
export const VENDOR_FILES = [
  ...Object.keys(FILES),
  ...Object.entries(COPIED).flatMap(([file, entry]) => copiedFiles(file, entry)),
  'spectral-ajv-validators.cjs',
  'spectral-nimma-code.cjs',
];

/**
 * The specifiers plantkit's modules (tsc's output in dist/) use for vendored packages, and where each now comes
 * from: a file of dist/vendor/ and its member. scripts/build-bundle.mjs reads this list.
 */
export const VENDORED = {
  'ajv/dist/2020.js': { file: 'ajv.cjs', member: 'ajv2020' },
  'ajv-formats': { file: 'ajv.cjs', member: 'formats' },
  'lossless-json': { file: 'lossless-json.cjs', member: 'losslessJson' },
  yaml: { file: 'yaml.cjs', member: 'yaml' },
  // The whole module (no member): the file is the package's own, copied.
  [VALIDATORS]: { file: 'spectral-validators.cjs' },
};

/** The same for Prism's requires (scripts/build-prism.mjs): one Ajv in the mock's process, not two. */
export const VENDORED_FOR_PRISM = {
  ajv: { file: 'ajv.cjs', member: 'ajv' },
  'ajv/dist/2019': { file: 'ajv.cjs', member: 'ajv2019' },
  'ajv/dist/2020': { file: 'ajv.cjs', member: 'ajv2020' },
  'ajv/dist/compile/codegen': { file: 'ajv.cjs', member: 'codegen' },
  'ajv-formats/dist/formats': { file: 'ajv.cjs', member: 'formatDefinitions' },
};

/** Files that packages' exports maps hide, required by their path in scripts/spectral-bundle.cjs. */
const HIDDEN_FILES = /^@stoplight\/spectral-core\/dist\/ruleset\/validation\/assertions\.js$/;

/**
 * Requires in spectral.cjs answered by a stand-in that requires the module at its first use, by importer and
 * request: node-fetch (with whatwg-url and tr46's 260 KiB mapping table) serves only a `$ref` over http, yet
 * Spectral's runtime and its ref readers require it as they load. Both read only `.default` of it, at call time;
 * tslib's `__importDefault` reads `__esModule`, which the stand-in answers as node-fetch does, without loading it.
 */
const DEFERRED = [
  ['@stoplight/spectral-runtime/dist/fetch.js', 'node-fetch'],
  ['@stoplight/json-ref-readers/http.js', 'node-fetch'],
];

/**
 * Spectral's core requires `es-aggregate-error`, an es-shims package whose main file loads its own
 * AggregateError (some 135 modules of es-abstract) only to export the native one wherever there is one, as in
 * every Node plantkit supports: the bundle gets what the package exports there (as src/spec-check/lint/native-aggregate-error.ts
 * does for the packages themselves). rollup's optional `fsevents` (macOS file watching) is never used: rollup's
 * own guarded require stays, unbundled.
 */
const spectralParts = (file) => ({
  name: 'spectral-parts',
  setup(builder) {
    const siblings = SIBLINGS[file] ?? {};
    builder.onResolve({ filter: /^@stoplight\// }, (args) =>
      siblings[args.path] ? { path: args.path, namespace: 'sibling', pluginData: siblings[args.path] } : undefined,
    );
    builder.onResolve({ filter: HIDDEN_FILES }, (args) => ({
      path: path.join(ROOT, 'node_modules', args.path),
    }));
    // Spectral's oas3-schema rule reads the same validators as the structure check: one copy, in its own file.
    builder.onResolve({ filter: /^\.\.\/schemas\/validators$/ }, (args) =>
      /spectral-rulesets[\\/]dist[\\/]oas[\\/]functions[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'sibling', pluginData: VENDORED[VALIDATORS] }
        : undefined,
    );
    builder.onResolve({ filter: /^\.\/[\w-]+\.cjs$/, namespace: 'sibling' }, (args) => ({
      path: args.path,
      external: true,
    }));
    builder.onLoad({ filter: /.*/, namespace: 'sibling' }, ({ pluginData }) => ({
      contents: `module.exports = require(${JSON.stringify(`./${pluginData.file}`)})${pluginData.member ? `.${pluginData.member}` : ''};`,
      loader: 'js',
    }));
    const deferred = new Set();
    builder.onResolve({ filter: /^node-fetch$/ }, (args) => {
      const entry = DEFERRED.find(([importer, request]) => request === args.path && args.importer.endsWith(importer));
      if (!entry || args.namespace === 'deferred') return undefined;
      deferred.add(entry);
      const pluginData = { request: args.path, resolveDir: args.resolveDir };
      return { path: `${args.path} from ${args.importer}`, namespace: 'deferred', pluginData };
    });
    builder.onLoad({ filter: /.*/, namespace: 'deferred' }, ({ pluginData }) => ({
      contents: `let real;
const load = () => (real ??= require(${JSON.stringify(pluginData.request)}));
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? true : load()[key]), has: (_target, key) => key in load() });`,
      resolveDir: pluginData.resolveDir,
      loader: 'js',
    }));
    // A Spectral upgrade that moves one of these requires fails the build instead of silently loading it again.
    builder.onEnd(() => {
      const missing = file === 'spectral.cjs' ? DEFERRED.filter((entry) => !deferred.has(entry)) : [];
      if (missing.length > 0)
        throw new Error(`deferred requires not found: ${missing.map((entry) => entry.join(' -> '))}`);
    });
    builder.onResolve({ filter: /^es-aggregate-error$/ }, (args) => ({ path: args.path, namespace: 'native' }));
    builder.onLoad({ filter: /.*/, namespace: 'native' }, () => ({
      contents: `const bound = AggregateError.bind(undefined);
Object.defineProperty(bound, 'name', { value: AggregateError.name });
Object.defineProperty(bound, 'prototype', { value: AggregateError.prototype });
Object.assign(bound, { getPolyfill: () => AggregateError, implementation: AggregateError, shim: () => AggregateError });
module.exports = bound;`,
      loader: 'js',
    }));
  },
});

/** Build every file of FILES into dist/vendor/, with `<file>.NOTICES.txt`; returns a line per file. */
async function buildVendor() {
  const lines = [];
  for (const [file, members] of Object.entries(FILES)) {
    const outfile = path.join(ROOT, 'dist/vendor', file);
    const getters = Object.entries(members).map(
      ([member, request]) => `  get ${member}() { return require(${JSON.stringify(request)}); },`,
    );
    const result = await build({
      stdin: {
        contents: `module.exports = {\n${getters.join('\n')}\n};\n`,
        // The validators' requires resolve from their own folder, to the versions Spectral installs.
        resolveDir: file === 'spectral-validators-runtime.cjs' ? path.dirname(require.resolve(VALIDATORS)) : ROOT,
        loader: 'js',
      },
      outfile,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minify: true,
      legalComments: 'linked',
      logLevel: 'warning',
      absWorkingDir: ROOT,
      metafile: true,
      external: ['fsevents'],
      plugins: [spectralParts(file), nimmaCode(path.join(ROOT, 'scripts/spectral-nimma-cache.cjs'))],
      // jsonc-parser's CommonJS entry is a UMD wrapper that requires its parts at run time, which a bundle cannot.
      alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    });
    if (result.errors.length > 0) process.exit(1);
    // A Spectral package bundled a second time (a subpath the siblings do not answer) would be a second core.
    const output = path.relative(ROOT, outfile);
    const twice = Object.keys(result.metafile.outputs[output].inputs).filter(
      (input) => file !== 'spectral.cjs' && SPECTRAL_PACKAGES.some((name) => input.startsWith(`node_modules/${name}/`)),
    );
    if (twice.length > 0) throw new Error(`${file} bundles Spectral's packages again: ${twice.slice(0, 3).join(', ')}`);
    const { size } = await stat(outfile);
    const packages = writeNotices(ROOT, result.metafile, outfile);
    lines.push(`dist/vendor/${file}: ${Math.round(size / 1024)} KiB, ${packages} third-party packages`);
  }
  for (const [file, { source, requires, split }] of Object.entries(COPIED)) {
    const sourceFile = require.resolve(source);
    let text = await readFile(sourceFile, 'utf8');
    for (const [request, sibling] of Object.entries(requires)) {
      const call = `require(${JSON.stringify(request)})`;
      if (!text.includes(call)) throw new Error(`${source} no longer has ${call}`);
      const member = Object.entries(FILES[sibling]).find(([, value]) => value === request)[0];
      text = text.replaceAll(call, `require(${JSON.stringify(`./${sibling}`)}).${member}`);
    }
    // The package's source map is not shipped: a comment naming it would point at nothing.
    text = text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    const written = split
      ? [
          [file, indexOf(split, `${file.replace(/\.cjs$/, '')}-`)],
          ...(
            await splitByExport(text, split, { resolveDir: path.join(ROOT, 'dist/vendor'), external: ['./*.cjs'] })
          ).map(([, part], index) => [copiedFiles(file, { split })[index + 1], part]),
        ]
      : [[file, text]];
    for (const [name, contents] of written) {
      const outfile = path.join(ROOT, 'dist/vendor', name);
      await writeFile(outfile, contents);
      // The notices name the package the file comes from, as for a bundle.
      const input = path.relative(ROOT, sourceFile).replace(/\\/g, '/');
      const output = path.relative(ROOT, outfile).replace(/\\/g, '/');
      writeNotices(
        ROOT,
        { outputs: { [output]: { inputs: { [input]: { bytesInOutput: contents.length } } } } },
        outfile,
      );
      lines.push(`dist/vendor/${name}: ${Math.round(contents.length / 1024)} KiB, copied from ${source}`);
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.error((await buildVendor()).join('\n'));
