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
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { writeNotices } from './bundle-notices.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

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
};

/** The files this script writes to dist/vendor/ (test/packaging/packed-files.test.ts lists the tarball's). */
export const VENDOR_FILES = Object.keys(FILES);

/**
 * The specifiers plantkit's modules (tsc's output in dist/) use for vendored packages, and where each now comes
 * from: a file of dist/vendor/ and its member. scripts/build-bundle.mjs reads this list.
 */
export const VENDORED = {
  'ajv/dist/2020.js': { file: 'ajv.cjs', member: 'ajv2020' },
  'ajv-formats': { file: 'ajv.cjs', member: 'formats' },
  'lossless-json': { file: 'lossless-json.cjs', member: 'losslessJson' },
  yaml: { file: 'yaml.cjs', member: 'yaml' },
};

/** The same for Prism's requires (scripts/build-prism.mjs): one Ajv in the mock's process, not two. */
export const VENDORED_FOR_PRISM = {
  ajv: { file: 'ajv.cjs', member: 'ajv' },
  'ajv/dist/2019': { file: 'ajv.cjs', member: 'ajv2019' },
  'ajv/dist/2020': { file: 'ajv.cjs', member: 'ajv2020' },
  'ajv/dist/compile/codegen': { file: 'ajv.cjs', member: 'codegen' },
  'ajv-formats/dist/formats': { file: 'ajv.cjs', member: 'formatDefinitions' },
};

/** Build every file of FILES into dist/vendor/, with `<file>.NOTICES.txt`; returns a line per file. */
async function buildVendor() {
  const lines = [];
  for (const [file, members] of Object.entries(FILES)) {
    const outfile = path.join(ROOT, 'dist/vendor', file);
    const getters = Object.entries(members).map(
      ([member, request]) => `  get ${member}() { return require(${JSON.stringify(request)}); },`,
    );
    const result = await build({
      stdin: { contents: `module.exports = {\n${getters.join('\n')}\n};\n`, resolveDir: ROOT, loader: 'js' },
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
    });
    if (result.errors.length > 0) process.exit(1);
    const { size } = await stat(outfile);
    const packages = writeNotices(ROOT, result.metafile, outfile);
    lines.push(`dist/vendor/${file}: ${Math.round(size / 1024)} KiB, ${packages} third-party packages`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await buildVendor()).join('\n'));
