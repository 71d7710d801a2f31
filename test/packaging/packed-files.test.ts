/**
 * What `npm pack` puts in the tarball, file by file, and how large it is.
 * A consumer gets the CLI, the compiled library with the declarations its
 * entries reach, the Plant Store spec with its contracts/ file, the report
 * schemas, the README and the changelog: no sources, tests, fixtures,
 * bench, scripts, CI files, docs or source maps. Reads the built dist/
 * (`npm test` builds it first) through `npm pack --dry-run`, which writes
 * nothing.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { ENTRIES } from '../../scripts/build-bundle.mjs';
import { VENDOR_FILES } from '../../scripts/build-vendor.mjs';
import { reachableDeclarations } from '../../scripts/prune-declarations.mjs';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The size budget, in bytes. Measured on 2026-11-25: 372,383 packed and
 * 1,242,406 unpacked before plantkit/msw; with it 1,372,794 packed and
 * 5,313,819 unpacked, of which the minified browser build of plantkit/msw
 * (dist/browser/msw.js: Prism, Ajv and the mock's pipeline in one ES module)
 * is 3.96 MB unpacked. The budget is that plus 10%: room for the features of
 * a turn, while a jump beyond it (a bundled dependency, shipped maps or
 * fixtures, a stray folder) fails here and asks for a look at this list
 * before the budget moves. Moved once, for a bundled dependency on purpose:
 * dist/vendor/prism.cjs, the parts of Prism the mock loads in one file
 * (scripts/build-prism.mjs; it cuts the mock's start-up CPU by a third),
 * 1,574,078 packed and 5,989,533 unpacked with it; the budget is that plus 10%.
 * Moved a second time for what the licences of that bundled code require: the
 * third-party notices of both bundles (scripts/bundle-notices.mjs, 190 kB of
 * licence texts), 1,710,020 packed and 6,574,602 unpacked on 2026-11-26; the
 * budget is that plus 10%. Moved a third time, for the dependencies the commands load at start-up, bundled
 * on purpose (scripts/build-vendor.mjs: Ajv, yaml, lossless-json, Spectral, its precompiled validators and its
 * ruleset bundler; files a command has read by its end: mock to its first answer 211 -> 38, spec diff
 * 112 -> 32, spec check 537 -> 29): 2,606,486 packed and 11,795,374 unpacked on 2026-11-26. The bundled
 * packages left the dependencies, so a user's whole install shrank (tarball plus node_modules 101.8 MB ->
 * 75.1 MB, held by install-size.test.ts). The budget is 2,596,169 / 11,523,473 (measured one step earlier)
 * plus 10%.
 */
const BUDGET = { packed: 2_860_000, unpacked: 12_680_000 };

interface Packed {
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

let packed: Packed;
let files: string[];

beforeAll(async () => {
  const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [Packed];
  files = packed.files.map((file) => file.path).sort();
}, 60_000);

describe('the file list', () => {
  test('outside dist/: the CLI, the spec and its contracts, the report schemas, package.json, README, changelog and licence', () => {
    expect(files.filter((file) => !file.startsWith('dist/'))).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'bin/plantkit.js',
      'contracts/addPlant.yaml',
      'openapi.yaml',
      'package.json',
      'schemas/contract-report.schema.json',
      'schemas/proxy-report.schema.json',
    ]);
  });

  test("dist/ holds the bundle's entries and their shared chunks, plantkit/msw's CommonJS entry, the browser build of plantkit/msw, the bundle of Prism the mock loads and the vendored dependencies, nothing else compiled", () => {
    const compiled = files.filter((file) => file.startsWith('dist/') && /\.c?js$/.test(file));
    const chunks = compiled.filter((file) => /^dist\/chunks\/[\w-]+-[A-Z0-9]{8}\.js$/.test(file));
    expect(chunks.length).toBeGreaterThan(0);
    expect(compiled.filter((file) => !chunks.includes(file)).sort()).toEqual(
      [
        ...ENTRIES.map((entry) => `dist/${entry}`),
        'dist/msw/index.cjs',
        'dist/browser/msw.js',
        'dist/vendor/prism.cjs',
        ...VENDOR_FILES.map((file) => `dist/vendor/${file}`),
      ].sort(),
    );
  });

  test('each bundle of third-party code ships its third-party notices beside it', () => {
    expect(files.filter((file) => file.endsWith('.NOTICES.txt'))).toEqual(
      ['dist/browser/msw.js', 'dist/vendor/prism.cjs', ...VENDOR_FILES.map((file) => `dist/vendor/${file}`)]
        .map((bundle) => `${bundle}.NOTICES.txt`)
        .sort(),
    );
  });

  test("declarations: exactly those the package's type entries reach", () => {
    const declarations = files.filter((file) => /\.d\.c?ts$/.test(file));
    expect(declarations).toEqual([...reachableDeclarations(ROOT)].sort());
    expect(declarations).toContain('dist/index.d.ts');
    expect(declarations).toContain('dist/vitest/matchers.d.ts');
    expect(declarations).toEqual(expect.arrayContaining(['dist/msw/index.d.ts', 'dist/msw/index.d.cts']));
  });

  test.each([
    ['sources', /^src\/|(?<!\.d)\.ts$/],
    ['tests and fixtures', /^test\/|\.test\.|fixtures/],
    ['the bench', /^bench\//],
    ['scripts', /^scripts\//],
    ['CI files', /^\.ci\/|^\.github\//],
    ['docs the package does not need (the README links them from the repository)', /^docs\//],
    ['source maps', /\.map$/],
    ['tool configuration', /^(tsconfig.*|biome\.jsonc|knip\.jsonc|vitest\.config\.ts|\.npmrc)$/],
    ['installed or scratch folders', /(^|\/)(node_modules|\.scratch)\//],
  ])('no %s', (_name, pattern) => {
    expect(files.filter((file) => pattern.test(file))).toEqual([]);
  });
});

describe(`the size budget (packed ${BUDGET.packed} B, unpacked ${BUDGET.unpacked} B)`, () => {
  test('packed', () => {
    expect(packed.size).toBeLessThanOrEqual(BUDGET.packed);
  });

  test('unpacked', () => {
    expect(packed.unpackedSize).toBeLessThanOrEqual(BUDGET.unpacked);
  });
});
