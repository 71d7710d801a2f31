/** The state the phases of one operation share: its target, the sender, and whether sending has stopped. */

import type { CaseResult } from '../../core/exchange/types.js';
import type { PhaseSession } from '../phase.js';
import type { Attempt } from './hunt.js';
import type { GeneratedSender, Intent } from './sender.js';
import type { PropertyTarget } from './target.js';
import type { UniqueIds } from './unique-ids.js';

/** One operation's generated cases in progress. */
export interface OperationRun {
  session: PhaseSession;
  target: PropertyTarget;
  sender: GeneratedSender;
  ids: UniqueIds;
  /** Set when the server stopped answering usefully: the operation's remaining generated cases are not sent. */
  halted: string | undefined;
  /** Ids of the cases the plan expects (selected ones), for counting what a budget cut left unsent. */
  planned: ReadonlySet<string>;
}

/** The attempt of a hunt: prepare a value with `intent` (the title may depend on the value), send it. */
export function attemptFor<T>(run: OperationRun, intent: (value: T) => Intent): Attempt<T> {
  return {
    prepare: (value) => run.sender.prepare(run.target, value, intent(value)),
    send: (prepared) => run.sender.send(prepared),
  };
}

/** Reports each request of the case `id` as progress (the console's live line on a terminal). */
export function progressFor(run: OperationRun, id: string): (requests: number, shrinking: boolean) => void {
  return (requests, shrinking) => run.session.settings.onEvent({ type: 'case-progress', id, requests, shrinking });
}

/** Stop the operation's generated cases when `result` got no usable response. */
export function haltOnTransportFailure(run: OperationRun, result: CaseResult | undefined): void {
  const failure = result?.exchange.failure;
  if (failure) run.halted = `the server gave no usable response (${failure.kind}: ${failure.message})`;
}
