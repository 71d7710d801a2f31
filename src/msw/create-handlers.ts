/**
 * MSW 2 request handlers over the mock's own pipeline
 * (src/mock/handle-request.ts): the same request checks and documented
 * refusals, auth, examples, echo, `Prefer`, the in-memory store and the
 * self-check of every answer as `plantkit mock`. One catch-all handler
 * answers every request under the API's base URL, so a request no
 * operation matches gets the mock's 404 or 405 instead of MSW's
 * passthrough; requests elsewhere fall through to MSW. The entries
 * (index.ts for Node's `import`, index.cts for `require`, browser.ts for
 * pages) hand in MSW's `http` as the consumer loads it: msw ships an ES
 * module and a CommonJS build, and handlers (and their types) must come
 * from the copy the consumer's `setupServer` is from. They also say how a
 * bare string names a spec.
 */
import { createCheckContext } from '../core/response/context.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { answerSourcesFor } from '../mock/answer-sources.js';
import { handleRequest, type PipelineSettings } from '../mock/handle-request.js';
import { buildMockState } from '../mock/mock-state.js';
import type { FixedAnswer } from '../mock/respond.js';
import { ResourceStore } from '../mock/stateful/store.js';
import { apiBase } from './base-url.js';
import { fetchRequest } from './fetch-request.js';
import { toFetchResponse } from './fetch-response.js';
import { type MswHandlerOptions, normalizeMswOptions } from './options.js';
import { checkOverride, type OverrideResponse } from './override.js';
import { type MswSpec, readMswSpec, type SpecStrings } from './spec-input.js';

/** Options of {@link SpecHandlers.override}. */
export interface OverrideOptions {
  /** Answer only the first matching request, then fall back to the spec's handlers (MSW's `once`). */
  once?: boolean;
}

/** What the handlers need of MSW's `http` namespace: `http.all` (MSW 2). */
export interface MswHttp<Handler> {
  all(
    path: RegExp,
    resolver: (info: { request: Request; cookies: Record<string, string> }) => Promise<Response | undefined>,
    options?: { once?: boolean },
  ): Handler;
}

/** Handlers for one spec, and the means to steer them from a test; `Handler` is MSW's `HttpHandler`. */
export interface SpecHandlers<Handler> {
  /** For `setupServer(...handlers)` or `setupWorker(...handlers)`: answers every request under {@link baseUrl}. */
  handlers: Handler[];
  /**
   * A handler for `server.use()` that answers `operationId` with `response` once the request passes its checks.
   * Checked now: an undocumented operation, status, media type, body or header throws a PlantkitError with
   * the findings `plantkit contract` would report.
   */
  override(operationId: string, response: OverrideResponse, options?: OverrideOptions): Handler;
  /** Forget what the stateful store holds (call it between tests); nothing to do without state. */
  reset(): void;
  /** The absolute base URL the handlers answer under. */
  baseUrl: string;
  /** The spec being served. */
  spec: LoadedSpec;
}

/** MSW's `http` as the entry loaded it, how a bare string names a spec, and where a page is (none in Node). */
export interface Platform<Handler> {
  http: MswHttp<Handler>;
  strings: SpecStrings;
  location: () => string | undefined;
}

/** Build the handlers for `spec` on `platform`; throws a PlantkitError when the spec cannot be loaded. */
export async function createSpecHandlers<Handler>(
  spec: MswSpec,
  options: MswHandlerOptions,
  platform: Platform<Handler>,
): Promise<SpecHandlers<Handler>> {
  const { http } = platform;
  const settings = normalizeMswOptions(options);
  const location = platform.location();
  const input = await readMswSpec(spec, platform.strings, location);
  const state = await buildMockState(input, settings.allowExternalRefs, settings.credentials, settings.stateful);
  const base = apiBase(settings.baseUrl, state.spec.servers, location);
  const store = settings.stateful ? new ResourceStore() : undefined;
  let sequence = 0;
  const pipeline: PipelineSettings = {
    dynamic: settings.dynamic,
    // The service worker or the interceptor answers the page itself: no CORS exchange takes place.
    cors: false,
    maxBodyBytes: settings.maxBodyBytes,
    store,
    sources: answerSourcesFor({ store }),
    nextSeed: () => (settings.seed === undefined ? undefined : `${settings.seed}:${sequence++}`),
    // A replaced spec example also says so in the x-plantkit-warning header of the answer.
    warn: () => {},
  };
  const checkContext = createCheckContext(state.spec, state.validators, false);

  const answer = async (
    { request, cookies }: { request: Request; cookies: Record<string, string> },
    fixed?: FixedAnswer,
    operationId?: string,
  ) => {
    const target = base.targetOf(request.url);
    if (target === undefined) return undefined;
    if (operationId !== undefined) {
      const routed = state.route(request.method, target);
      if (routed.kind !== 'found' || routed.operation.id !== operationId) return undefined;
    }
    const reply = await handleRequest(fetchRequest(request, target, cookies), state, pipeline, fixed);
    return toFetchResponse(reply, state.identity);
  };

  return {
    handlers: [http.all(base.pattern, (resolver) => answer(resolver))],
    override(operationId, response, overrideOptions = {}) {
      const { fixed } = checkOverride(state, checkContext, operationId, response);
      return http.all(base.pattern, (resolver) => answer(resolver, fixed, operationId), {
        once: overrideOptions.once,
      });
    },
    reset: () => store?.reset(),
    baseUrl: base.href,
    spec: state.spec,
  };
}
