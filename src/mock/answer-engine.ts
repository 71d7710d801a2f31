/**
 * Where the mock's bodies come from: a static answer plantkit knows to be
 * Prism's own (static-answer.ts: the media type's plain example) without
 * Prism; anything else from Prism (prism-engine.ts), whose bundle is loaded
 * on the first answer that needs it. Loading it is most of a mock's start
 * (about 0.5 s of 0.66 s to the first 200 on the bundled spec), so a mock
 * whose first answers are examples starts without it. Static answers of
 * both kinds are memoised (answer-memo.ts); dynamic ones never.
 */
import { copyResult, StaticAnswers } from './answer-memo.js';
import type { EngineRequest, EngineResult, PrismEngine, ResponsePreferences } from './prism-engine.js';
import { staticAnswer } from './static-answer.js';

/** Produces the body of a mock answer for one spec document. */
export interface AnswerEngine {
  respond(request: EngineRequest, preferences: ResponsePreferences): Promise<EngineResult>;
  /** The memoised static answer `respond` would give (a copy), without waiting; undefined when there is none yet. */
  memoised(request: EngineRequest, preferences: ResponsePreferences): EngineResult | undefined;
}

/** An engine for a dereferenced OpenAPI document and the document as written (Prism reads the latter first). */
export function createAnswerEngine(document: Record<string, unknown>, raw?: Record<string, unknown>): AnswerEngine {
  const memo = new StaticAnswers();
  let prism: Promise<PrismEngine> | undefined;
  const own = (request: EngineRequest, preferences: ResponsePreferences): EngineResult | undefined => {
    const { code } = preferences;
    if (!raw || code === undefined || preferences.example !== undefined) return undefined;
    const answer = staticAnswer(raw, {
      template: request.template,
      method: request.method,
      status: code,
      accept: request.accept,
    });
    return answer && { ok: true, status: code, body: answer.body };
  };
  return {
    memoised(request, preferences) {
      const cached = preferences.dynamic ? undefined : memo.get(request, preferences);
      return cached && copyResult(cached);
    },
    async respond(request, preferences) {
      if (!preferences.dynamic) {
        const cached = memo.get(request, preferences) ?? remember(request, preferences, own(request, preferences));
        if (cached) return copyResult(cached);
      }
      prism ??= import('./prism-engine.js').then(({ createPrismEngine }) => createPrismEngine(document, raw));
      const result = await (await prism).respond(request, preferences);
      // A static answer is the same for every valid request with this key, a failed one too (a path item
      // Prism cannot read fails the same way each time; respond.ts then generates the answer).
      if (!preferences.dynamic) memo.set(request, preferences, copyResult(result));
      return result;
    },
  };

  function remember(request: EngineRequest, preferences: ResponsePreferences, result: EngineResult | undefined) {
    if (result) memo.set(request, preferences, copyResult(result));
    return result;
  }
}
