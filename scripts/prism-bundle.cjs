/**
 * The parts of Prism the mock uses (src/mock/prism-engine.ts), as one module:
 * scripts/build-prism.mjs bundles this file into dist/vendor/prism.cjs, which
 * Node loads in one read and one compile instead of resolving, reading and
 * compiling some 570 files of Prism and its dependencies (about two thirds of
 * its load time). Prism's request pipeline (prism-core's factory) with its
 * router and mocker; its forwarder and request validators stay out: plantkit
 * validates requests itself and never forwards through Prism. Its spec
 * reader for dereferenced documents (utils/operations, with Postman support)
 * is required only when a path item refers to other files.
 *
 * Without the bundle (tests running src/, a build without the bundle step)
 * prism-loader.ts requires this file as it is: the same modules, unbundled.
 */
const core = require('@stoplight/prism-core');

/** @type {Record<string, unknown>} typed where it is used: PrismParts in src/mock/prism-loader.ts */
module.exports = {
  factory: core.factory,
  createLogger: core.createLogger,
  route: require('@stoplight/prism-http/dist/router').default,
  mock: require('@stoplight/prism-http/dist/mocker').default,
  transformOas3Operations: require('@stoplight/http-spec/oas3/operation').transformOas3Operations,
  bundleTarget: require('@stoplight/json').bundleTarget,
  // The instances Prism's mocker uses, configured by prism-loader.ts.
  JSONSchemaFaker: require('json-schema-faker').JSONSchemaFaker,
  sampler: require('@stoplight/json-schema-sampler'),
  getHttpOperationsFromSpec: () => require('@stoplight/prism-http/dist/utils/operations').getHttpOperationsFromSpec,
};
