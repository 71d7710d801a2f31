/**
 * Spectral's Ajv validators, compiled at build time (issue 22). Spectral compiles with Ajv at every start: the
 * options schema of each of its functions when its modules load, and the JSON Schema meta-schemas its Ajv instances
 * check schemas against. dist/vendor/spectral.cjs (scripts/spectral-bundle.cjs) installs `useCompiled` on its own
 * copy of Ajv before it loads Spectral's core: a compilation whose inputs (the schema, its root, the instance's
 * options, keywords, formats and known schemas: `fingerprint`) match one that scripts/build-spectral-validators.mjs
 * recorded takes that compilation's code, written out by Ajv's standalone module (`ajv/dist/standalone`) into
 * dist/vendor/spectral-ajv-validators.cjs; any other compiles as before. The code is Ajv's own for the same
 * inputs, so every verdict and error is the same; only its generation moves to the build.
 *
 * Only the build reads this file (bundled into dist/vendor/spectral.cjs); tests running src/ load the packages.
 */
const { createHash } = require('node:crypto');

/** The precompiled validators, beside the bundle: named by a variable so that esbuild leaves it to run time. */
const TABLE = './spectral-ajv-validators.cjs';

/** The modules Ajv's standalone code requires, as the bundle's own Ajv has them. */
const RUNTIME = {
  'ajv/dist/runtime/equal': () => require('ajv/dist/runtime/equal'),
  'ajv/dist/runtime/ucs2length': () => require('ajv/dist/runtime/ucs2length'),
  'ajv/dist/runtime/uri': () => require('ajv/dist/runtime/uri'),
  'ajv/dist/runtime/validation_error': () => require('ajv/dist/runtime/validation_error'),
};

/** The formats module that ajv-formats names in standalone code (its `code.formats` option). */
const FORMATS = 'ajv-formats/dist/formats';

/** The requests standalone code may make; scripts/build-spectral-validators.mjs keeps only code within them. */
const REQUESTS = [...Object.keys(RUNTIME), FORMATS];

/**
 * What decides the code Ajv generates for `sch` on `ajv`, as one string. Options are as they stand at the call
 * (Ajv swaps in its meta-schema options for a meta-schema), less `code.source`, which the recording sets.
 * Functions (a logger, the regexp engine) count by name; undefined when the schema cannot be written as JSON
 * (a cycle), which then compiles as before.
 */
function fingerprint(ajv, sch) {
  const replacer = (_key, value) => (typeof value === 'function' ? `function ${value.name}` : value);
  try {
    return JSON.stringify(
      [
        ajv.constructor.name,
        // The URI resolver (fast-uri's module, which refers to itself) counts by its members' names.
        { ...ajv.opts, code: { ...ajv.opts.code, source: undefined }, uriResolver: Object.keys(ajv.opts.uriResolver) },
        Object.keys(ajv.RULES.all),
        Object.keys(ajv.formats),
        Object.keys(ajv.schemas),
        Object.keys(ajv.refs),
        sch.schema,
        sch.root === sch ? null : sch.root.schema,
        sch.baseId,
        sch.schemaPath ?? null,
        sch.$async ?? false,
        sch.meta ?? false,
      ],
      replacer,
    );
  } catch {
    return undefined;
  }
}

/** The table's key for a fingerprint. */
function keyOf(print) {
  return createHash('sha256').update(print).digest('base64url');
}

/** Runs one recorded module's code; its requires answered by this Ajv's runtime and `ajv`'s own formats. */
function instantiate(factory, ajv) {
  const module = { exports: {} };
  factory(module, module.exports, (request) => {
    // ajv-formats names its definitions so; they are the very objects it added to this instance.
    if (request === FORMATS) return { fullFormats: ajv.formats, fastFormats: ajv.formats };
    const runtime = RUNTIME[request];
    if (!runtime) throw new Error(`precompiled Ajv code requires ${request}`);
    return runtime();
  });
  return module.exports;
}

/**
 * Wrap `compile.compileSchema` (the module `ajv/dist/compile` of the bundle's Ajv) so that a recorded compilation
 * takes its precompiled code. `recorder()`, for the build only, returns a function that receives every
 * compilation's fingerprint, environment and standalone code (or why Ajv could not write it) instead.
 */
function useCompiled(compile, standalone, recorder) {
  const compileSchema = compile.compileSchema;
  let table;
  compile.compileSchema = function compileSchemaOrTakeCompiled(sch) {
    const print = fingerprint(this, sch);
    const record = recorder();
    if (record) return recordCompilation(this, sch, print, { compileSchema, standalone, record });
    if (print !== undefined) {
      table ??= require(TABLE);
      const factory = table[keyOf(print)];
      if (factory) {
        // What compileSchema sets on the function and on the schema's environment (ajv/lib/compile/index.ts).
        const validate = instantiate(factory, this);
        validate.errors = null;
        validate.schema = sch.schema;
        validate.schemaEnv = sch;
        if (sch.$async) validate.$async = true;
        sch.validate = validate;
        return sch;
      }
    }
    return compileSchema.call(this, sch);
  };
}

/** The build's path: compile with the source kept, and hand the standalone code (or its error) to `record`. */
function recordCompilation(ajv, sch, print, { compileSchema, standalone, record }) {
  const { code } = ajv.opts;
  const source = code.source;
  code.source = true;
  try {
    compileSchema.call(ajv, sch);
    let written;
    try {
      written = { code: standalone(ajv, sch.validate) };
    } catch (error) {
      written = { error };
    }
    if (print !== undefined) record(print, sch, written);
    return sch;
  } finally {
    code.source = source;
  }
}

module.exports = { useCompiled, keyOf, REQUESTS };
