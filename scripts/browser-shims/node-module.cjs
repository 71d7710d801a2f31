// `node:module` in the browser build: createRequire() returns a require over the modules the mock loads
// through createRequire in Node (Prism's internals, Spectral's precompiled OpenAPI validators, the Swagger 2.0
// converter, busboy), bundled here.
const REGISTRY = {
  '@stoplight/prism-http': () => require('@stoplight/prism-http'),
  '@stoplight/prism-core': () => require('@stoplight/prism-core'),
  '@stoplight/http-spec/oas3/operation': () => require('@stoplight/http-spec/oas3/operation'),
  '@stoplight/json': () => require('@stoplight/json'),
  'json-schema-faker': () => require('json-schema-faker'),
  '@stoplight/json-schema-sampler': () => require('@stoplight/json-schema-sampler'),
  '@stoplight/spectral-rulesets/dist/oas/schemas/validators.js': () =>
    require('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js'),
  // Swagger 2.0 documents are converted on load (spec/swagger2.ts); multipart bodies are read with busboy.
  swagger2openapi: () => require('swagger2openapi'),
  busboy: () => require('busboy'),
  // Prism's faker stand-in (mock/prism-engine.ts) patches Module._load, which a bundle never calls.
  'node:module': () => ({ _load: () => undefined }),
};

function createRequire() {
  const load = (id) => {
    const entry = REGISTRY[id];
    if (!entry) throw new Error(`${id} is not part of plantkit's browser build (it needs Node)`);
    return entry();
  };
  load.resolve = (id) => id;
  return load;
}

module.exports = { createRequire, builtinModules: [] };
