/**
 * `plantkit/msw` in Node (`msw/node` under Vitest or Jest): MSW handlers
 * that answer as `plantkit mock` does. A string names a spec file, as
 * everywhere in plantkit; pages get browser.ts, where it names a URL.
 *
 *   const plants = await createHandlers('openapi.yaml', { baseUrl: 'http://localhost:4010' });
 *   const server = setupServer(...plants.handlers);
 *   server.use(plants.override('addPlant', { status: 201, body: { id: 1, name: 'Monstera' } }));
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

/** MSW handlers for `spec` (a file path, a URL, a document object or a loaded spec); throws a PlantkitError when it cannot be loaded. */
export function createHandlers(spec: MswSpec, options: MswHandlerOptions = {}): Promise<SpecHandlers> {
  return createSpecHandlers(spec, options, {
    http,
    strings: 'file',
    // jsdom and happy-dom give tests a page location; plain Node has none.
    location: () => (globalThis as { location?: { href?: string } }).location?.href,
  });
}
