/**
 * The build's last step: plantkit's own modules, as tsc wrote them to dist/ (one file per module of src/,
 * some 470), bundled by esbuild with code splitting into the entries below and the chunks they share
 * (dist/chunks/). A command then reads a few dozen files instead of some 130: the mock loaded 152 ES
 * modules before its first answer, 46 with this build. Every dynamic `import()` stays a lazy split point,
 * so each command still loads only its own heavy dependencies. Dependencies stay imports and requires of
 * the installed packages. The per-file JavaScript is removed afterwards; the declarations
 * (prune-declarations.mjs), the CommonJS entry of plantkit/msw (tsc's dist/msw/index.cjs) and the bundles
 * of Prism and of the browser build (built before this step, from the per-file output) stay.
 *
 *   node scripts/build-bundle.mjs    (npm run build runs it last)
 */
import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

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
  'msw/create-handlers.js',
];

/** Folders of dist/ that hold bundles of their own (scripts/build-prism.mjs, scripts/build-browser.mjs). */
const BUNDLE_FOLDERS = new Set(['vendor', 'browser']);

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
