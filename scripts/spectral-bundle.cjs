/**
 * The parts of Spectral that `spec check` uses (src/spec-check/lint/spectral.ts), as one module: scripts/build-vendor.mjs
 * bundles this file into dist/vendor/spectral.cjs, which Node loads in one read and one compile instead of some
 * 420 files of Spectral and its dependencies. Its core, its YAML parser, the `spectral:oas` ruleset, the module
 * whose ruleset self-check spectral.ts skips for the definitions it builds itself (the bundle's own copy: the one
 * its core calls), and the ruleset bundler for rulesets with custom functions or other files (rollup and all; a
 * getter, so that only those rulesets load it; a file of its own, dist/vendor/spectral-bundler.cjs) with its plugin that hands a ruleset's imports of the Spectral
 * packages this bundle's own copies (the Spectral packages are not installed with plantkit).
 *
 * Only the build reads this file; tests running src/ load the packages themselves (src/spec-check/lint/spectral-loader.ts).
 */
/**
 * The ruleset bundler: dist/vendor/spectral-bundler.cjs, beside this bundle. Named by a variable so that esbuild
 * leaves the require to run time and TypeScript does not load the bundler's typings, which pull the DOM library
 * into the whole program's types (`tsc -p tsconfig.json` checks scripts/).
 */
const BUNDLER = './spectral-bundler.cjs';

const { useCompiled } = require('./spectral-ajv-cache.cjs');

/** The build's recorder of Ajv compilations (scripts/build-spectral-validators.mjs); unset at run time. */
let recorder;

// Before any of Spectral loads: its functions compile their options schemas as their modules load.
useCompiled(
  require('ajv/dist/compile'),
  (ajv, validate) => require('ajv/dist/standalone').default(ajv, validate),
  () => recorder,
);

module.exports = {
  get core() {
    return require('@stoplight/spectral-core');
  },
  get Yaml() {
    return require('@stoplight/spectral-parsers').Yaml;
  },
  // Resolved to the file by scripts/build-vendor.mjs: the package's exports map hides it.
  get assertions() {
    return require('@stoplight/spectral-core/dist/ruleset/validation/assertions.js');
  },
  /** For the build only: hand every Ajv compilation to `record` (before anything of Spectral is read). */
  recordAjvCompilations(record) {
    recorder = record;
  },
  /** For the build only: hand the code nimma writes for each list of JSONPath expressions to `record`. */
  recordNimmaCode: require('./spectral-nimma-cache.cjs').recordNimmaCode,
  get oas() {
    return require('@stoplight/spectral-rulesets/dist/oas/index.js').default;
  },
  get bundleAndLoadRuleset() {
    return require(BUNDLER).withLoader.bundleAndLoadRuleset;
  },
  get builtins() {
    return require(BUNDLER).builtins.builtins;
  },
  // For dist/vendor/spectral-bundler.cjs (scripts/build-vendor.mjs): the packages its rulesets import, these copies.
  packages: {
    get '@stoplight/spectral-core'() {
      return require('@stoplight/spectral-core');
    },
    get '@stoplight/spectral-formats'() {
      return require('@stoplight/spectral-formats');
    },
    get '@stoplight/spectral-functions'() {
      return require('@stoplight/spectral-functions');
    },
    get '@stoplight/spectral-parsers'() {
      return require('@stoplight/spectral-parsers');
    },
    get '@stoplight/spectral-ref-resolver'() {
      return require('@stoplight/spectral-ref-resolver');
    },
    get '@stoplight/spectral-runtime'() {
      return require('@stoplight/spectral-runtime');
    },
  },
};
