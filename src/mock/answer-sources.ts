/**
 * Where a checked request's answer may come from before the spec's own
 * (respond.ts): the stateful store today; a recording or a chaos fault may
 * join it. Each source answers or passes (undefined); the first answer wins.
 * A fixed answer (an MSW override) skips every source.
 */

import type { MockState } from './mock-state.js';
import type { Preferences } from './prefer.js';
import type { MockReply } from './reply.js';
import { answerFromStore, type StatefulRequest, type StatefulSettings } from './stateful/answer.js';

/** A request that passed every check: its operation, parameters and decoded body. */
export type CheckedRequest = StatefulRequest;

/** One place answers may come from; undefined passes the request on. */
export type AnswerSource = (
  request: CheckedRequest,
  preferences: Preferences,
  settings: StatefulSettings,
  state: MockState,
) => Promise<MockReply | undefined> | MockReply | undefined;

/** The sources a mock with these settings consults, in order (none: the spec answers every request). */
export function answerSourcesFor(settings: Pick<StatefulSettings, 'store'>): AnswerSource[] {
  return settings.store ? [answerFromStore] : [];
}

/** The first answer of `sources` for the request, or undefined when every source passes. */
export async function firstAnswer(
  sources: readonly AnswerSource[],
  request: CheckedRequest,
  preferences: Preferences,
  settings: StatefulSettings,
  state: MockState,
): Promise<MockReply | undefined> {
  for (const source of sources) {
    const reply = await source(request, preferences, settings, state);
    if (reply) return reply;
  }
  return undefined;
}
