/**
 * Spectral's core requires `es-aggregate-error`, an es-shims package whose
 * main file loads its own implementation of AggregateError (some 135 modules
 * of es-abstract and friends) only to export the native one wherever there
 * is one: its `getPolyfill()` returns `globalThis.AggregateError`, native in
 * every Node plantkit supports (15+; `engines` says 20.19). While Spectral
 * loads, that require gets what the package exports there, the native
 * constructor bound as the package binds it, and its `getPolyfill`,
 * `implementation` and `shim` members load the real package when read.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const PACKAGE = 'es-aggregate-error';

type ModuleLoad = (request: string, parent: unknown, isMain: boolean) => unknown;

/** `require(id)` with Spectral's `es-aggregate-error` answered by the native AggregateError. */
export function requireWithNativeAggregateError<T>(id: string): T {
  const Module = require('node:module') as { _load: ModuleLoad };
  const originalLoad = Module._load;
  let standIn: unknown;
  Module._load = function load(this: unknown, request, parent, isMain) {
    if (request !== PACKAGE) return originalLoad.call(this, request, parent, isMain);
    standIn ??= nativeAggregateError(() => originalLoad.call(this, request, parent, isMain) as Record<string, unknown>);
    return standIn;
  };
  try {
    return require(id) as T;
  } finally {
    Module._load = originalLoad;
  }
}

/** The package's export on a Node with a native AggregateError: that constructor, bound, with its prototype. */
function nativeAggregateError(real: () => Record<string, unknown>): unknown {
  const bound = AggregateError.bind(undefined);
  Object.defineProperty(bound, 'name', { value: AggregateError.name });
  Object.defineProperty(bound, 'prototype', { value: AggregateError.prototype });
  for (const member of ['getPolyfill', 'implementation', 'shim'])
    Object.defineProperty(bound, member, { get: () => real()[member], configurable: true });
  return bound;
}
