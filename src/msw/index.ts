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
import type { SpecHandlers as Handlers } from './create-handlers.js';
import { handlersOn } from './entry.js';

export type { MswHandlerOptions, MswSpec, OverrideOptions, OverrideResponse } from './entry.js';

/** Handlers for one spec (MSW's `HttpHandler`s), and the means to steer them from a test. */
export type SpecHandlers = Handlers<HttpHandler>;

/** MSW handlers for `spec` (a file path, a URL, a document object or a loaded spec); throws a PlantkitError when it cannot be loaded. */
export const createHandlers = handlersOn<HttpHandler>(http, 'file');
