/**
 * `plantkit/msw` in a page (`msw/browser`: Storybook, a dev server), the
 * `browser` export condition. The same handlers as in Node; a string names
 * the URL the spec is served at (resolved against the page), since a page
 * has no files. Bundled with the shims of src/msw/shims/ by
 * scripts/build-browser.mjs into dist/browser/msw.js.
 *
 *   const plants = await createHandlers('/openapi.yaml', { baseUrl: '/api' });
 *   await setupWorker(...plants.handlers).start();
 */
import { type HttpHandler, http } from 'msw';
import { createSpecHandlers, type SpecHandlers as Handlers } from './create-handlers.js';
import type { MswHandlerOptions } from './options.js';
import type { MswSpec } from './spec-input.js';

export type { OverrideOptions } from './create-handlers.js';
export type { MswHandlerOptions } from './options.js';
export type { OverrideResponse } from './override.js';
export type { MswSpec } from './spec-input.js';

/** Handlers for one spec (MSW's `HttpHandler`s), and the means to steer them from a test. */
export type SpecHandlers = Handlers<HttpHandler>;

/** MSW handlers for `spec` (a URL, a document object or a loaded spec); throws a PlantkitError when it cannot be loaded. */
export function createHandlers(spec: MswSpec, options: MswHandlerOptions = {}): Promise<SpecHandlers> {
  return createSpecHandlers(spec, options, {
    http,
    strings: 'url',
    location: () => (globalThis as { location?: { href?: string } }).location?.href,
  });
}
