/**
 * `plantkit/msw` in a page (`msw/browser`: Storybook, a dev server), the
 * `browser` export condition. The same handlers as in Node; a string names
 * the URL the spec is served at (resolved against the page), since a page
 * has no files. Bundled with the stand-ins for Node's built-ins in scripts/browser-shims/
 * by scripts/build-browser.mjs into dist/browser/msw.js.
 *
 *   const plants = await createHandlers('/openapi.yaml', { baseUrl: '/api' });
 *   await setupWorker(...plants.handlers).start();
 */
import { type HttpHandler, http } from 'msw';
import type { SpecHandlers as Handlers } from './create-handlers.js';
import { handlersOn } from './entry.js';

export type { MswHandlerOptions, MswSpec, OverrideOptions, OverrideResponse } from './entry.js';

/** Handlers for one spec (MSW's `HttpHandler`s), and the means to steer them from a test. */
export type SpecHandlers = Handlers<HttpHandler>;

/** MSW handlers for `spec` (a URL, a document object or a loaded spec); throws a PlantkitError when it cannot be loaded. */
export const createHandlers = handlersOn<HttpHandler>(http, 'url');
