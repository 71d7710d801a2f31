/**
 * The build's last step: plantkit's own modules, as tsc wrote them to dist/ (one file per module of src/,
 * some 470), bundled by esbuild with code splitting into the entries below and the chunks they share
 * (dist/chunks/). A command then reads a few dozen files instead of some 130: the mock loaded 152 ES
 * modules before its first answer, 46 with this build. Every dynamic `import()` stays a lazy split point,
 * so each command still loads only its own heavy dependencies. Dependencies stay imports and requires of
 * the installed packages, except those scripts/build-vendor.mjs bundles into dist/vendor/ (VENDORED): their
 * imports and requires are pointed at those files through the package's import map (`#vendor/*`). The
 * per-file JavaScript is removed afterwards; the declarations
 * (prune-declarations.mjs), the CommonJS entry of plantkit/msw (tsc's dist/msw/index.cjs) and the bundles
 * of Prism and of the browser build (built before this step, from the per-file output) stay.
 *
 *   node scripts/build-bundle.mjs    (npm run build runs it last)
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { VENDORED } from './build-vendor.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STAGING = path.join(ROOT, 'dist.bundle');

/**
 * The entries, by their place in dist/: the package's exports, the CLI (and its in-process `run`) and the
 * commands it imports on demand, the two spec commands' lazy engines (the bench imports them by these
 * names), and the module that plantkit/msw's CommonJS entry (dist/msw/index.cjs) requires.
 */
export const ENTRIES = [
  'index.js',
  'cli/main.js',
  // The CLI in process, without main.js's process exit: the README samples and the bench run it so.
  'cli/run.js',
  'cli/commands/mock.js',
  'cli/commands/contract.js',
  'cli/commands/proxy.js',
  'cli/commands/spec.js',
  'cli/commands/report.js',
  'spec-check/check-spec.js',
  'spec-diff/diff-specs.js',
  // The worker thread of a large spec diff (src/spec-diff/walk-thread.ts starts it by this name).
  'spec-diff/walk-worker.js',
  'vitest/matchers.js',
  'msw/index.js',
  'msw/entry.js',
];

/** Folders of dist/ that hold bundles of their own (scripts/build-prism.mjs, scripts/build-browser.mjs). */
const BUNDLE_FOLDERS = new Set(['vendor', 'browser']);

const require = createRequire(import.meta.url);

/**
 * An import of a vendored package becomes a module that requires the vendored file and reads its member, with the
 * package's own export names (read from the package here, so an upgrade that adds one is seen). A lazy
 * `createRequire(import.meta.url)('<package>')` (yaml-source.ts), or a `require('<package>')` with such a require
 * (core/spec/meta-schema.ts), is pointed at the file itself; the build fails
 * when a vendored package is imported or required in a way this does not rewrite.
 */
const vendoredImports = {
  name: 'vendored-imports',
  setup(builder) {
    const seen = new Set();
    const specifiers = Object.keys(VENDORED);
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      specifiers.includes(args.path) && args.kind === 'import-statement'
        ? { path: args.path, namespace: 'vendored' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'vendored' }, ({ path: specifier }) => {
      seen.add(specifier);
      const { file, member } = VENDORED[specifier];
      const names = Object.keys(require(specifier)).filter(
        (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default',
      );
      return {
        // Required, not imported: Node's ES module loader would first scan the whole CommonJS file for its export
        // names (cjs-module-lexer), +0.14 s of CPU for ajv.cjs alone (farm-bench, 9 paired runs: 0.385 -> 0.246 s).
        contents: [
          "import { createRequire } from 'node:module';",
          `const real = createRequire(import.meta.url)(${JSON.stringify(`#vendor/${file}`)}).${member};`,
          'export default real;',
          ...names.map((name) => `export const ${name} = real.${name};`),
        ].join('\n'),
        loader: 'js',
      };
    });
    builder.onLoad({ filter: /\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      // `createRequire(import.meta.url)('<package>')`, or `require('<package>')` with a require made so.
      const lazy = /(createRequire\(import\.meta\.url\)|\brequire)\((['"])([^'"]+)\2\)/g;
      if (!specifiers.some((specifier) => text.includes(specifier))) return undefined;
      const rewritten = text.replace(lazy, (whole, call, _quote, specifier) => {
        if (!VENDORED[specifier]) return whole;
        seen.add(specifier);
        const { file, member } = VENDORED[specifier];
        return `${call}(${JSON.stringify(`#vendor/${file}`)})${member ? `.${member}` : ''}`;
      });
      return { contents: rewritten, loader: 'js' };
    });
    builder.onEnd((result) => {
      const missing = specifiers.filter((specifier) => !seen.has(specifier));
      if (result.errors.length === 0 && missing.length > 0)
        throw new Error(`vendored packages not found in dist/ (VENDORED is stale): ${missing.join(', ')}`);
    });
  },
};

/** Bundle dist/'s per-file modules into ENTRIES and dist/chunks/, in place. */
async function bundleDist() {
  rmSync(STAGING, { recursive: true, force: true });
  const result = await build({
    entryPoints: ENTRIES.map((entry) => path.join(DIST, entry)),
    outbase: DIST,
    outdir: STAGING,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    external: ['#vendor/*'],
    plugins: [vendoredImports],
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  if (result.errors.length > 0) process.exit(1);
  const files = (folder) => readdirSync(folder, { recursive: true }).map(String);
  for (const file of files(DIST))
    if (file.endsWith('.js') && !BUNDLE_FOLDERS.has(file.split(path.sep)[0] ?? '')) rmSync(path.join(DIST, file));
  for (const file of files(STAGING).filter((name) => name.endsWith('.js'))) {
    mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
    renameSync(path.join(STAGING, file), path.join(DIST, file));
  }
  rmSync(STAGING, { recursive: true, force: true });
  // Folders left with nothing in them (deepest first).
  for (const folder of files(DIST)
    .map((file) => path.join(DIST, file))
    .filter((file) => statSync(file).isDirectory())
    .sort((a, b) => b.length - a.length))
    if (readdirSync(folder).length === 0) rmdirSync(folder);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleDist();
