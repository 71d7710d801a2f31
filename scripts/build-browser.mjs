/**
 * The browser build of `plantkit/msw` (the `browser` export condition):
 * one ESM file, dist/browser/msw.js, from the compiled dist/msw/browser.js
 * and everything it loads, with Node's built-ins replaced by the shims in
 * scripts/browser-shims/. `msw` stays an import, so the page's own MSW (the
 * one its worker talks to) runs the handlers. Any bundler (Vite, webpack,
 * esbuild) takes the file as it is: it imports nothing else.
 *
 *   node scripts/build-browser.mjs    (npm run build runs it after tsc)
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { writeNotices } from './bundle-notices.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHIMS = path.join(ROOT, 'scripts/browser-shims');
const OUTFILE = path.join(ROOT, 'dist/browser/msw.js');

/** Built-in (and Node-only) module -> its shim; anything else Node-only gets needs-node.cjs. */
const SHIM_OF = {
  module: 'node-module.cjs',
  crypto: 'crypto.mjs',
  path: 'path.mjs',
  http: 'http.mjs',
  https: 'http.mjs',
  events: 'events.cjs',
  util: 'util.mjs',
  url: 'url',
  buffer: 'buffer',
  '@faker-js/faker': 'faker.cjs',
  // Prism's spec reader imports Postman support (1 MiB with its iconv-lite); plantkit hands it OpenAPI only.
  'postman-collection': 'needs-node.cjs',
};
const NODE_ONLY = /^(node:)?(fs|fs\/promises|os|net|tls|assert|stream|string_decoder|child_process|zlib|http2|dns)$/;

/** Resolve built-ins to shims; `url` and `buffer` to their npm packages, the browser versions of Node's. */
const shims = {
  name: 'plantkit-browser-shims',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, async (args) => {
      const name = args.path.replace(/^node:/, '');
      const shim = SHIM_OF[name];
      if (shim === 'url' || shim === 'buffer') {
        if (args.importer.includes(`${path.sep}node_modules${path.sep}${shim}${path.sep}`)) return undefined;
        return builder.resolve(`${shim}/`, { kind: args.kind, resolveDir: ROOT });
      }
      if (shim) return { path: path.join(SHIMS, shim) };
      if (NODE_ONLY.test(args.path)) return { path: path.join(SHIMS, 'needs-node.cjs') };
      return undefined;
    });
  },
};

await mkdir(path.dirname(OUTFILE), { recursive: true });
const result = await build({
  entryPoints: [path.join(ROOT, 'dist/msw/browser.js')],
  outfile: OUTFILE,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'linked',
  external: ['msw'],
  plugins: [shims],
  // jsonc-parser's CommonJS entry is a UMD wrapper that requires its parts at run time, which a bundle cannot.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  inject: [path.join(SHIMS, 'process.mjs'), path.join(SHIMS, 'buffer.mjs')],
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  logLevel: 'warning',
  absWorkingDir: ROOT,
  metafile: true,
});
if (result.errors.length > 0) process.exit(1);
const { size } = await stat(OUTFILE);
const packages = writeNotices(ROOT, result.metafile, OUTFILE);
console.error(
  `dist/browser/msw.js: ${(size / 1024 / 1024).toFixed(1)} MiB, ${packages} third-party packages (msw.js.NOTICES.txt)`,
);
if (process.env.PLANTKIT_BUNDLE_META === '1') {
  const byPackage = {};
  for (const [file, { bytesInOutput }] of Object.entries(
    result.metafile.outputs['dist/browser/msw.js']?.inputs ?? {},
  )) {
    const name = file.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? 'plantkit';
    byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
  }
  for (const [name, bytes] of Object.entries(byPackage)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20))
    console.error(`${(bytes / 1024).toFixed(0).padStart(6)} KiB  ${name}`);
}
