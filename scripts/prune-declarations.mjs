#!/usr/bin/env node
// @ts-check
/**
 * The build's last step: remove the declaration files that no public entry
 * reaches. tsc writes a `.d.ts` beside every module, but a consumer's
 * compiler only ever reads those the `types` of package.json's `exports`
 * lead to (the exports map forbids deep imports): about three in four are
 * the CLI's, the diff rules' and other internals', dead weight in every
 * install. A declaration that an entry names and that is missing fails the
 * build rather than a consumer's type check.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Relative module specifiers in a declaration file: `from './x.js'`, `import('./x.js')`, `/// <reference path="x.d.ts" />`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|<reference\s+path=)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The declaration files reachable from the package's type entries, as paths relative to `root`.
 * @param {string} root the package folder (holding package.json and dist/)
 * @returns {Set<string>}
 */
export function reachableDeclarations(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  /** @type {string[]} */
  const pending = [manifest.types, ...typeEntries(manifest.exports)]
    .filter((entry) => typeof entry === 'string')
    .map((entry) => path.normalize(entry));
  const reached = new Set();
  while (pending.length > 0) {
    const file = /** @type {string} */ (pending.pop());
    if (reached.has(file)) continue;
    if (!existsSync(path.join(root, file))) throw new Error(`prune-declarations: ${file} is named but was not built`);
    reached.add(file);
    for (const [, specifier] of readFileSync(path.join(root, file), 'utf8').matchAll(SPECIFIER)) {
      const target = path.join(path.dirname(file), /** @type {string} */ (specifier));
      pending.push(target.endsWith('.d.ts') ? target : target.replace(/\.js$/, '.d.ts'));
    }
  }
  return reached;
}

/**
 * The `types` of an exports map, through nested conditions (`./msw` has
 * `browser`, `import` and `require`, each with its own `types`).
 * @param {unknown} exports
 * @returns {string[]}
 */
function typeEntries(exports) {
  if (typeof exports !== 'object' || exports === null) return [];
  return Object.entries(exports).flatMap(([key, value]) =>
    key === 'types' && typeof value === 'string' ? [value] : typeEntries(value),
  );
}

/**
 * Remove every `.d.ts` under `root`/dist that no entry reaches; returns how many were removed.
 * @param {string} root
 * @returns {number}
 */
function pruneDeclarations(root) {
  const reached = reachableDeclarations(root);
  const unreached = readdirSync(path.join(root, 'dist'), { recursive: true })
    .map((file) => path.join('dist', String(file)))
    .filter((file) => file.endsWith('.d.ts') && !reached.has(file));
  for (const file of unreached) rmSync(path.join(root, file));
  return unreached.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  pruneDeclarations(path.resolve(import.meta.dirname, '..'));
}
