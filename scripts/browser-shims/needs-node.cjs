// Built-ins the pipeline does not use in a page (files, sockets, proxies, streams): loading them is fine, using
// them says why not. Streams are among them, so multipart request bodies (busboy) are refused in a page.
// A function with a prototype: some modules extend a class of theirs (stream.Transform) when they load.
const fail = (name) =>
  function needsNode() {
    throw new Error(`${name} needs Node: not part of plantkit's browser build`);
  };

module.exports = new Proxy(
  { EOL: '\n', constants: {}, promises: {} },
  {
    get(target, key) {
      if (key in target) return target[key];
      if (key === '__esModule' || typeof key === 'symbol') return undefined;
      return fail(String(key));
    },
  },
);
