// `node:module` in the browser build: createRequire() returns a require over the modules the mock loads
// through createRequire in Node (Prism's internals, Spectral's precompiled OpenAPI validators, swagger-parser,
// the Swagger 2.0 converter, busboy, fast-xml-parser, yaml), bundled here.
const REGISTRY = {
  // Prism's parts (src/mock/prism-engine.ts): Node loads their bundle, dist/vendor/prism.cjs; here, they are bundled.
  '../../scripts/prism-bundle.cjs': () => require('../prism-bundle.cjs'),
  '@stoplight/spectral-rulesets/dist/oas/schemas/validators.js': () =>
    require('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js'),
  // swagger-parser, loaded with its validators deferred (core/spec/swagger-parser.ts); the bundle holds all of it.
  '@apidevtools/swagger-parser': () => require('@apidevtools/swagger-parser'),
  // Swagger 2.0 documents are converted on load (core/spec/swagger2.ts); multipart bodies are read with busboy.
  swagger2openapi: () => require('swagger2openapi'),
  busboy: () => require('busboy'),
  // Generated values: core/generate/fast-check.ts loads fast-check on the first one.
  'fast-check': () => require('fast-check'),
  // YAML specs: core/yaml/yaml-source.ts loads the package on the first YAML text.
  yaml: () => require('yaml'),
  // XML bodies: the codec loads fast-xml-parser on the first one (core/codec/xml-codec.ts).
  'fast-xml-parser': () => require('fast-xml-parser'),
  // Prism's faker stand-in (mock/prism-loader.ts) patches Module._load, which a bundle never calls.
  'node:module': () => ({ _load: () => undefined }),
};

/** As Node's require says it: the mock asks for modules that may be missing (prism-loader.ts: the bundle, else its entry). */
function notFound(id) {
  return Object.assign(new Error(`${id} is not part of plantkit's browser build (it needs Node)`), {
    code: 'MODULE_NOT_FOUND',
  });
}

function createRequire() {
  const load = (id) => {
    const entry = REGISTRY[id];
    if (!entry) throw notFound(id);
    return entry();
  };
  load.resolve = (id) => {
    if (!REGISTRY[id]) throw notFound(id);
    return id;
  };
  return load;
}

module.exports = { createRequire, builtinModules: [] };
