/**
 * Every distinct failure of a random phase, each shrunk on its own (issue
 * 18, section 3): a hunt shrinks the first failure it meets; the next hunt,
 * with the same seed, regenerates the same values (those already sent cost
 * no request), passes over the signatures found so far and goes on to the
 * values the first hunt never reached, until no new signature turns up,
 * the time budget or the run stops, or {@link MAX_DISTINCT} were found.
 * One create can so report "an empty body gives 500" and "an empty title
 * gives 422" as two failures, each with its own smallest request.
 */

import { type Attempt, type HuntOptions, type HuntResult, hunt, type Tried } from './hunt.js';
import type { ShrinkPair } from './target.js';

/** Distinct failures hunted per random phase: enough for the bugs of one operation, bounded in requests. */
const MAX_DISTINCT = 5;

/** The hunts of one phase: one per distinct failure found (the first with the phase's passes), or the one hunt that found none. */
export async function huntDistinct<T>(
  gens: ShrinkPair<T>,
  attempt: Attempt<T>,
  options: HuntOptions<T>,
): Promise<HuntResult[]> {
  const tried: Tried = { byValue: new Map(), byRequest: new Map() };
  const known = new Set<string>();
  const hunts: HuntResult[] = [];
  while (hunts.length < MAX_DISTINCT) {
    const found = await hunt(gens, attempt, { ...options, known, tried });
    if (hunts.length > 0 && found.signature === undefined) {
      // Nothing new: the requests it spent (values past the earlier failures) count with the first result.
      hunts[0]!.requests += found.requests;
      hunts[0]!.cut ??= found.cut;
      break;
    }
    hunts.push(found);
    if (found.signature === undefined || found.cut || found.transport || found.runStopped) break;
    known.add(found.signature);
  }
  return hunts;
}
