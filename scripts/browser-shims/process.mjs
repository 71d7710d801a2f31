// The `process` global of the browser build: the few fields libraries read on load and on the way to an answer.
export const process = {
  env: {},
  argv: [],
  browser: true,
  platform: 'browser',
  version: '',
  versions: {},
  cwd: () => '/',
  nextTick: (callback, ...args) => queueMicrotask(() => callback(...args)),
  emitWarning: () => {},
};
