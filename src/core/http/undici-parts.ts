/**
 * The parts of undici the HTTP client uses, loaded from their own files
 * (http-client.ts is the one module that sends with them).
 */
import { createRequire } from 'node:module';
import type { Dispatcher, Agent as UndiciAgent } from 'undici';

const require = createRequire(import.meta.url);
/**
 * undici's Agent and its `request` from their own files, not from undici's
 * index: the index loads all of undici (fetch, WebSocket, caches, mocks: 111
 * files, about 0.2 s of CPU at every contract or proxy start), where these
 * two load 26 (-0.15 s; issue 22). undici is pinned exactly (package.json);
 * its index is only these with `request` put on Dispatcher's prototype.
 */
export const Agent = require('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;
const undiciRequest = require('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

/** `dispatcher.request`: an injected dispatcher's own (it may come from another undici); undici's on our Agent. */
export function requestOn(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  return typeof dispatcher.request === 'function'
    ? dispatcher.request(options)
    : undiciRequest.call(dispatcher, options);
}
