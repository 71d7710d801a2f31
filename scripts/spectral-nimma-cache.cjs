/**
 * The JSONPath code of Spectral's rule runs, generated at build time (issue 22). Each run of Spectral's core hands
 * nimma the `given` paths of the rules that apply (one call for the resolved document, one for the unresolved) and
 * nimma writes a JavaScript traversal for them (jsep parses the paths, astring prints the code) before it runs it.
 * scripts/build-vendor.mjs points nimma's constructor at `lookup` and `record`: for paths and options that the
 * build recorded (scripts/build-spectral-validators.mjs), the constructor takes the code nimma itself wrote then,
 * from dist/vendor/spectral-nimma-code.cjs, instead of writing it again; any other list is written as before.
 * The code is nimma's own for the same input, so every rule sees the same nodes in the same order.
 *
 * Only the build reads this file (bundled into dist/vendor/spectral.cjs); tests running src/ load the packages.
 */

/** The recorded code, beside the bundle: named by a variable so that esbuild leaves it to run time. */
const TABLE = './spectral-nimma-code.cjs';

let table;
let recorder;

/** What decides the code nimma writes: the paths, in their order, and the options that reach its code generator. */
function keyOf(expressions, { unsafe, output, npmProvider, customShorthands, fallback }) {
  // Shorthands and npm providers are functions and modules: a constructor given any is never looked up.
  if (npmProvider !== null || (customShorthands !== null && Object.keys(customShorthands).length > 0)) return undefined;
  return JSON.stringify([expressions, unsafe, output, fallback]);
}

/** The code recorded for these paths and options, if any (never while the build records). */
function lookup(expressions, options) {
  if (recorder) return undefined;
  const key = keyOf(expressions, options);
  if (key === undefined) return undefined;
  table ??= require(TABLE);
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Hands the code nimma wrote to the build's recorder. */
function record(expressions, options, sourceCode) {
  const key = keyOf(expressions, options);
  if (recorder && key !== undefined) recorder(key, sourceCode);
}

/** For the build only: every list of paths nimma writes code for goes to `callback`, and no lookup answers. */
function recordNimmaCode(callback) {
  recorder = callback;
}

module.exports = { lookup, record, recordNimmaCode };
