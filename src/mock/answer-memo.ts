/**
 * Static answers kept per mock (operations x statuses x examples x media types seen): a static answer
 * is the same for every valid request with its key, so it is produced once. answer-engine.ts keeps
 * plantkit's own static answers and Prism's here alike.
 */
import type { EngineRequest, EngineResult, ResponsePreferences } from './prism-engine.js';

/** At most this many answers; then the memo starts over. */
const MAX_MEMOISED = 512;

/**
 * Static answers by operation, status, example and media type. Looked up on
 * every request: nested maps keyed by the spec's own strings (whose hashes
 * V8 keeps), where one joined key string per request had to be built and
 * hashed anew. The media type comes from the client's Accept header, so the
 * count is bounded.
 */
export class StaticAnswers {
  private readonly byOperation = new Map<string, Map<number | undefined, Map<string, EngineResult>>>();
  private size = 0;

  /** The answer kept for this request's key (not a copy: see copyResult). */
  get(request: EngineRequest, preferences: ResponsePreferences): EngineResult | undefined {
    return this.byOperation.get(request.operationId)?.get(preferences.code)?.get(mediaKey(request, preferences));
  }

  /** Keep `result` (the caller's to give away) under this request's key. */
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
 * A copy of a memoised answer (the caller may change it: echo writes into the body). Bodies are JSON
 * values or text, copied by hand; anything else (bytes) through structuredClone, which costs several
 * microseconds per answer, a tenth of the mock's time on a small JSON body.
 */
export function copyResult(result: EngineResult): EngineResult {
  if (!result.ok) return { ...result };
  return { ...result, body: copyJson(result.body) };
}

function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyJson((value as Record<string, unknown>)[key]);
  return copy;
}
