/**
 * The third-party notices of a bundle: every npm package whose code esbuild put in
 * it, with its name, version, licence and the licence file it ships. MIT, ISC,
 * BSD and Apache-2.0 all ask that copies carry the copyright and licence notice;
 * esbuild's `legalComments` keeps only the comments marked as legal in the sources,
 * which most packages do not have, so the notices are collected from the packages.
 * Written next to the bundle as `<bundle>.NOTICES.txt`; a package whose licence file
 * is missing is named with its licence field, its author and "(no licence file in the package)".
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The last `node_modules/<name>` (or `node_modules/@scope/name`) folder of an input path. */
const PACKAGE_DIR = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//;

/**
 * The package folders (relative to `root`) whose code esbuild's metafile says is in `output`: inputs
 * with bytes in the output, files only: an input in another namespace (`(disabled):` for a module a
 * `browser` field left out, a build plugin's `deferred:` or `lodash-function:` stand-ins) holds no
 * package's code.
 */
export function bundledPackages(metafile, output) {
  const folders = new Set();
  for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
    if (bytesInOutput === 0 || /^\(?[a-z][\w-]*\)?:/i.test(input)) continue;
    const match = PACKAGE_DIR.exec(input.replace(/\\/g, '/'));
    if (match) folders.add(match[1]);
  }
  return [...folders];
}

/** One package: `name@version (licence)` and its licence file's text. */
function notice(root, folder) {
  const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  // Older manifests name theirs in a `licenses` list (`[{ "type": "MIT" }]`) and ship `LICENSE-MIT`.
  const licence =
    typeof manifest.license === 'string'
      ? manifest.license
      : (manifest.license?.type ?? manifest.licenses?.map((entry) => entry.type ?? entry).join(' OR ') ?? 'unknown');
  const file = readdirSync(path.join(root, folder)).find((name) => /^licen[cs]e([.-]|$)/i.test(name));
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
  const text = file
    ? readFileSync(path.join(root, folder, file), 'utf8').trim()
    : `(no licence file in the package${author ? `; author: ${author}` : ''})`;
  return { id: `${manifest.name}@${manifest.version} (${licence})`, text };
}

/**
 * Write `<outfile>.NOTICES.txt` for the bundle `outfile` (its metafile paths relative to `root`): the packages
 * that ship the same licence text are listed above one copy of it (the Stoplight packages share one Apache
 * text). Returns the package count.
 */
export function writeNotices(root, metafile, outfile) {
  const output = path.relative(root, outfile).replace(/\\/g, '/');
  const byText = new Map();
  const ids = new Set();
  for (const folder of bundledPackages(metafile, output)) {
    const { id, text } = notice(root, folder);
    if (ids.has(id)) continue;
    ids.add(id);
    byText.set(text, [...(byText.get(text) ?? []), id]);
  }
  const sections = [...byText]
    .map(([text, packages]) => `${packages.sort().join('\n')}\n\n${text}`)
    .sort((a, b) => a.localeCompare(b));
  const header = `Third-party software bundled in ${path.basename(outfile)}: ${ids.size} packages.`;
  writeFileSync(`${outfile}.NOTICES.txt`, `${header}\n\n${sections.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`);
  return ids.size;
}
