/**
 * What the three entries of `plantkit/msw` share: the public types, and
 * `createHandlers` made for the msw build an entry imports (ES modules,
 * CommonJS or the browser's) and for how a bare string names a spec there.
 */
import { createSpecHandlers, type SpecHandlers as Handlers, type MswHttp } from './create-handlers.js';
import type { MswHandlerOptions } from './options.js';
import type { MswSpec, SpecStrings } from './spec-input.js';

export type { OverrideOptions } from './create-handlers.js';
export type { MswHandlerOptions } from './options.js';
export type { OverrideResponse } from './override.js';
export type { MswSpec } from './spec-input.js';

/**
 * `createHandlers` on `http` (the entry's own msw), where a string names a
 * spec file (`file`, Node) or a URL resolved against the page (`url`).
 */
export function handlersOn<Handler>(
  http: MswHttp<Handler>,
  strings: SpecStrings,
): (spec: MswSpec, options?: MswHandlerOptions) => Promise<Handlers<Handler>> {
  return (spec, options = {}) =>
    createSpecHandlers(spec, options, {
      http,
      strings,
      // jsdom and happy-dom give tests a page location; plain Node has none.
      location: () => (globalThis as { location?: { href?: string } }).location?.href,
    });
}
