// Built-ins the pipeline never reaches in a page (files, sockets, proxies): loading them is fine, using them says why not.
// A function with a prototype: some modules extend a class of theirs (stream.Transform) when they load.
const fail = (name) =>
  function needsNode() {
    throw new Error(`${name} needs Node: plantkit's browser build reads no files and opens no sockets`);
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
