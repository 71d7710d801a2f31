/**
 * `plantkit/msw` for CommonJS consumers (`require`, the `require` export
 * condition): the same handlers as index.ts, built with msw's CommonJS
 * build, the one their own `require('msw/node')` loads, so handlers and
 * their types match their `setupServer`. The pipeline itself is plantkit's
 * ES modules, loaded with require(esm) (Node 20.19+).
 */
import { http, type HttpHandler } from 'msw';
import type { SpecHandlers as Handlers } from './create-handlers.js';
import { handlersOn } from './entry.js';

export type { MswHandlerOptions, MswSpec, OverrideOptions, OverrideResponse } from './entry.js';

/** Handlers for one spec (MSW's `HttpHandler`s), and the means to steer them from a test. */
export type SpecHandlers = Handlers<HttpHandler>;

/** MSW handlers for `spec` (a file path, a URL, a document object or a loaded spec); throws a PlantkitError when it cannot be loaded. */
export const createHandlers = handlersOn<HttpHandler>(http, 'file');
