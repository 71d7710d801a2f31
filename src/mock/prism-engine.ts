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
 * names), and a large spec costs Prism nothing at start-up. Static
 * responses are deterministic for an operation, status, example and Accept
 * header, so they are memoised; dynamic ones are not.
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
export type EngineResult =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown }
  | { ok: false; status: number; message: string };

/** Produces mock responses for one spec document. */
export interface PrismEngine {
  respond(request: EngineRequest, preferences: ResponsePreferences): Promise<EngineResult>;
  /** The memoised static answer `respond` would give (a copy), without waiting; undefined when there is none yet. */
  memoised(request: EngineRequest, preferences: ResponsePreferences): EngineResult | undefined;
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

/** Static responses kept per engine (operations x statuses x examples x Accept values seen). */
const MAX_MEMOISED = 512;

let prismModules: PrismParts | undefined;

/** Build an engine for a dereferenced OpenAPI document, and the document as written when there is one (read first). */
export async function createPrismEngine(
  document: Record<string, unknown>,
  raw?: Record<string, unknown>,
): Promise<PrismEngine> {
  const parts = (prismModules ??= loadPrism());
  const logger = parts.createLogger('plantkit', { level: 'silent' });
  const prism = createInstance(parts, logger);
  const memo = new StaticAnswers();
  const operationsFor = prismOperations(parts, document, raw);

  return {
    memoised(request, preferences) {
      const cached = preferences.dynamic ? undefined : memo.get(request, preferences);
      return cached && copyResult(cached);
    },
    async respond(request, preferences) {
      const cached = preferences.dynamic ? undefined : memo.get(request, preferences);
      if (cached) return copyResult(cached);
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
      let result: EngineResult;
      try {
        const operations = await operationsFor(request.template);
        result = toResult((await prism.request(input, operations, { ...BASE_CONFIG, mock })()) as PrismEither);
      } catch (error) {
        // A path item Prism cannot read: plantkit generates the answer itself (respond.ts).
        result = { ok: false, status: 500, message: `Prism cannot read this operation: ${(error as Error).message}` };
      }
      // A static answer is the same for every valid request with this key, a failed one too (a path item
      // Prism cannot read fails the same way each time; respond.ts then generates the answer).
      if (!preferences.dynamic) memo.set(request, preferences, copyResult(result));
      return result;
    },
  };
}

/**
 * Static answers by operation, status, example and media type. Looked up on
 * every request: nested maps keyed by the spec's own strings (whose hashes
 * V8 keeps), where one joined key string per request had to be built and
 * hashed anew. The media type comes from the client's Accept header, so the
 * count is bounded.
 */
class StaticAnswers {
  private readonly byOperation = new Map<string, Map<number | undefined, Map<string, EngineResult>>>();
  private size = 0;

  get(request: EngineRequest, preferences: ResponsePreferences): EngineResult | undefined {
    return this.byOperation.get(request.operationId)?.get(preferences.code)?.get(mediaKey(request, preferences));
  }

  set(request: EngineRequest, preferences: ResponsePreferences, result: EngineResult): void {
    if (this.size >= MAX_MEMOISED) {
      this.byOperation.clear();
      this.size = 0;
    }
    let byCode = this.byOperation.get(request.operationId);
    if (!byCode) this.byOperation.set(request.operationId, (byCode = new Map()));
    let byMedia = byCode.get(preferences.code);
    if (!byMedia) byCode.set(preferences.code, (byMedia = new Map()));
    const key = mediaKey(request, preferences);
    if (!byMedia.has(key)) this.size += 1;
    byMedia.set(key, result);
  }
}

/** The media type, and the example when one is asked for (no media type holds a NUL). */
function mediaKey(request: EngineRequest, preferences: ResponsePreferences): string {
  return preferences.example === undefined ? request.accept : `${request.accept}\u0000${preferences.example}`;
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

/**
 * A copy of a memoised answer (the caller may change it: echo writes into the body). Prism's bodies
 * are JSON values or text, copied by hand; anything else (bytes) through structuredClone, which costs
 * several microseconds per answer, a tenth of the mock's time on a small JSON body.
 */
function copyResult(result: EngineResult): EngineResult {
  if (!result.ok) return { ...result };
  return { ...result, headers: { ...result.headers }, body: copyJson(result.body) };
}

function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyJson((value as Record<string, unknown>)[key]);
  return copy;
}

type PrismEither =
  | { _tag: 'Right'; right: { output: { statusCode: number; headers?: Record<string, unknown>; body?: unknown } } }
  | { _tag: 'Left'; left: { status?: number; message?: string; detail?: string } };

function toResult(either: PrismEither): EngineResult {
  if (either._tag === 'Left') {
    return {
      ok: false,
      status: either.left.status ?? 500,
      message: either.left.detail || either.left.message || 'Prism could not produce a response',
    };
  }
  const { statusCode, headers = {}, body } = either.right.output;
  // Prism writes `Content-type`; normalise header names.
  const normalised = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return { ok: true, status: statusCode, headers: normalised, body };
}
