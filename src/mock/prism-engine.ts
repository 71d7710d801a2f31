/**
 * Prism, in-process (prism-loader.ts loads it: the only requires of @stoplight/prism-*). Prism's
 * embedding API is marked experimental by its authors, so everything it
 * needs (every config key set explicitly, lower-case headers, parsed bodies,
 * fp-ts results) stays here and an upgrade touches this file only.
 *
 * plantkit routes, validates requests and checks auth itself (exact int64,
 * every security scheme, Error-shaped bodies), so Prism only produces
 * responses. Each path item is handed to Prism on its own, on first use,
 * under a synthetic key: Prism then finds the operation plantkit routed to
 * even where its own router cannot (path keys with a query part or a
 * fragment, server prefixes, templates that differ only in parameter
 * names), and a large spec costs Prism nothing at start-up. Prism is asked
 * only for what answer-engine.ts cannot answer itself, and loaded then.
 */
import { loadPrism, type PrismParts } from './prism-loader.js';
import { prismOperations, SYNTHETIC_PATH } from './prism-operations.js';

/** What the caller asks Prism for (from `Prefer` and the server flags). */
export interface ResponsePreferences {
  /** Status code to answer with (`Prefer: code=400`). */
  code?: number;
  /** Named example to serve (`Prefer: example=monstera`). */
  example?: string;
  /** Generate data from the schema instead of using examples. */
  dynamic: boolean;
  /** Seed of this one dynamic response (reproducible). */
  seed?: string;
}

/** A request as Prism needs it: lower-case headers, parsed body. */
export interface EngineRequest {
  operationId: string;
  method: string;
  /** The operation's path template as written in the spec (`/plants/{id}`). */
  template: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** The media type to answer in: Prism sees it as the Accept header (it wins over `headers.accept`). */
  accept: string;
  body: unknown;
}

/** Prism's answer, or why it has none (unknown example, no such status, ...). */
export type EngineResult = { ok: true; status: number; body: unknown } | { ok: false; status: number; message: string };

/** Prism producing mock responses for one spec document (answer-engine.ts memoises the static ones). */
export interface PrismEngine {
  respond(request: EngineRequest, preferences: ResponsePreferences): Promise<EngineResult>;
}

/** Prism's instance, as the engine calls it (fp-ts TaskEither: a function returning a promise of an Either). */
interface PrismInstance {
  request(input: unknown, resources: unknown[], config: unknown): () => Promise<unknown>;
}

/** Every key set: an omitted one silently turns that feature off (or on). */
const BASE_CONFIG = {
  validateRequest: false,
  validateResponse: false,
  checkSecurity: false,
  errors: false,
  upstreamProxy: undefined,
  isProxy: false,
} as const;

let prismModules: PrismParts | undefined;

/** Build an engine for a dereferenced OpenAPI document, and the document as written when there is one (read first). */
export async function createPrismEngine(
  document: Record<string, unknown>,
  raw?: Record<string, unknown>,
): Promise<PrismEngine> {
  const parts = (prismModules ??= loadPrism());
  const logger = parts.createLogger('plantkit', { level: 'silent' });
  const prism = createInstance(parts, logger);
  const operationsFor = prismOperations(parts, document, raw);

  return {
    async respond(request, preferences) {
      // A fresh `mock` object per call: Prism writes the Accept media types into it.
      const mock = {
        dynamic: preferences.dynamic,
        ...(preferences.code === undefined ? {} : { code: preferences.code }),
        ...(preferences.example === undefined ? {} : { exampleKey: preferences.example }),
        ...(preferences.seed === undefined ? {} : { seed: preferences.seed }),
      };
      const input = {
        method: request.method.toLowerCase(),
        url: { path: SYNTHETIC_PATH, query: request.query },
        // Copied only here, on a miss: a memoised answer never needs the request's headers.
        headers: { ...request.headers, accept: request.accept },
        body: request.body,
      };
      try {
        const operations = await operationsFor(request.template);
        return toResult((await prism.request(input, operations, { ...BASE_CONFIG, mock })()) as PrismEither);
      } catch (error) {
        // A path item Prism cannot read: plantkit generates the answer itself (respond.ts).
        return { ok: false, status: 500, message: `Prism cannot read this operation: ${(error as Error).message}` };
      }
    },
  };
}

/**
 * Prism's `createInstance` (prism-http's index) with the components BASE_CONFIG reaches: its router and
 * mocker. Request and response validation, security checks and forwarding are off in every call
 * (BASE_CONFIG), so their components are never called; they fail loudly if that ever changes.
 */
function createInstance(parts: PrismParts, logger: unknown): PrismInstance {
  const unused = (name: string) => () => {
    throw new Error(`Prism's ${name} is not loaded: plantkit validates, checks security and forwards itself`);
  };
  return parts.factory(
    { ...BASE_CONFIG, mock: { dynamic: false } } as never,
    {
      logger,
      route: parts.route,
      mock: parts.mock,
      validateInput: unused('request validator'),
      validateOutput: unused('response validator'),
      validateSecurity: unused('security validator'),
      forward: unused('forwarder'),
    } as never,
  );
}

type PrismEither =
  | { _tag: 'Right'; right: { output: { statusCode: number; body?: unknown } } }
  | { _tag: 'Left'; left: { status?: number; message?: string; detail?: string } };

function toResult(either: PrismEither): EngineResult {
  if (either._tag === 'Left') {
    return {
      ok: false,
      status: either.left.status ?? 500,
      message: either.left.detail || either.left.message || 'Prism could not produce a response',
    };
  }
  // Prism's headers are not served: response-headers.ts produces them, checked against their schemas.
  const { statusCode, body } = either.right.output;
  return { ok: true, status: statusCode, body };
}
