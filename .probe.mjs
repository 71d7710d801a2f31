import { build } from 'esbuild';
import { builtinModules } from 'node:module';
const seen = new Map();
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const r = await build({ entryPoints: ['src/msw/browser.ts'], bundle: true, platform: 'browser', format: 'esm', write: false, outfile: '/tmp/msw-probe-out/x.js', metafile: true, logLevel: 'silent', external: ['msw'],
  plugins: [{ name: 'report', setup(b) { b.onResolve({ filter: /.*/ }, (a) => { if (!builtins.has(a.path)) return; const k = a.path.replace(/^node:/, ''); (seen.get(k) ?? seen.set(k, new Set()).get(k)).add(a.importer.replace(process.cwd() + '/', '')); return { path: a.path, namespace: 'stub' }; }); b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'module.exports = {}', loader: 'js' })); } }] }).catch(e => { for (const m of e.errors.slice(0,40)) console.log(m.location?.file, m.text); process.exit(0); });
for (const [k, v] of seen) console.log(k, '<-', [...v].join(' '));
console.log('size', r.outputFiles[0].contents.length);
const inputs = Object.entries(r.metafile.inputs).map(([f, i]) => [f.replace(/^node_modules\/((@[^/]+\/)?[^/]+).*/, '$1'), i.bytes]);
const by = {}; for (const [k, b] of inputs) by[k] = (by[k] ?? 0) + b;
console.log(Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, b]) => `${k} ${(b/1024).toFixed(0)}K`).join('\n'));
