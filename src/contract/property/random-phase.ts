/**
 * The random phases: fast-check generates up to --max-cases valid requests
 * (positive) or invalid ones (negative: one constraint broken per request),
 * each sent and checked; each distinct failure (distinct-hunts.ts) is shrunk
 * to the smallest request that still fails the same way. One result per
 * distinct failure (the first under the phase's id, the next ones under
 * `.../failure-2`, ...), or one pass.
 */

import type { GeneratedPhase } from '../../core/exchange/types.js';
import { applyMutation, type NegativeValue } from '../../core/generate/negative.js';
import type { PhaseClock } from './budget.js';
import { huntDistinct } from './distinct-hunts.js';
import { attemptFor, haltOnTransportFailure, type OperationRun, progressFor } from './operation-run.js';
import { BODY_KEY } from './request-parts.js';
import { huntResult, type ResultLabel, skippedResult } from './results.js';
import { deriveSeed } from './seeds.js';
import type { ShrinkPair } from './target.js';
import { UniqueIds } from './unique-ids.js';

/** Run the positive or negative random phase of the operation while `clock` has time left; returns the requests sent when the budget cut it, else undefined. */
export async function runRandomPhase(
  run: OperationRun,
  phase: Exclude<GeneratedPhase, 'boundary'>,
  clock: PhaseClock,
): Promise<number | undefined> {
  const { target, session } = run;
  const { settings } = session;
  const positive = phase === 'positive';
  const what = target.parts.every((part) => part.key === BODY_KEY) ? 'bodies' : 'requests';
  const kind = positive ? `random valid ${what}` : `random invalid ${what} (one constraint broken in each)`;
  const label: ResultLabel = {
    id: `${target.operation.id}/generated/${phase}`,
    title: kind,
    phase,
    seed: settings.seed,
  };
  if (run.halted || settings.maxCases === 0 || !session.selected(label.id)) return undefined;
  const gens = positive ? target.valid : await sendableNegatives(run);
  if (!gens) return undefined;
  const single = what === 'bodies' ? 'body' : 'request';
  const describe = (value: unknown) => {
    if (positive) return `random valid ${single}`;
    const key = (value as NegativeValue)[1][0];
    return `random invalid ${single}: ${target.mutations.find((mutation) => mutation.key === key)?.describe ?? key}`;
  };
  const hunts = await huntDistinct<unknown>(
    gens as ShrinkPair<unknown>,
    attemptFor(run, (value) => ({ valid: positive, phase, id: label.id, title: describe(value) })),
    {
      seed: deriveSeed(settings.seed, target.operation.id, phase),
      numRuns: settings.maxCases,
      maxShrinks: settings.maxShrinks,
      expired: clock.expired,
      onRequest: progressFor(run, label.id),
    },
  );
  const found = hunts[0]!;
  const requests = hunts.reduce((sum, item) => sum + item.requests, 0);
  const cut = hunts.some((item) => item.cut) ? ', cut by the time budget' : '';
  const title = `${kind}: ${found.requests} sent, all ${positive ? 'accepted' : 'rejected'}${cut}`;
  for (const [index, item] of hunts.entries()) {
    const id = index === 0 ? label.id : `${label.id}/failure-${index + 1}`;
    // A failure keeps the title of the case that failed, which names the broken constraint.
    const result = huntResult(item, { ...label, id, title }, item.smallest !== undefined);
    // Stopped before a single request: the phase is reported as not run, not as unusable.
    if (!result && session.stopped()) return undefined;
    session.record(
      result ??
        skippedResult(
          target.operation,
          label,
          `no usable ${positive ? 'valid' : 'invalid'} ${single} could be generated (${found.unusable ?? 'none'})`,
          settings.baseUrl,
        ),
    );
    haltOnTransportFailure(run, item.transport);
  }
  return hunts.some((item) => item.cut) ? requests : undefined;
}

/**
 * The invalid generators over the mutations whose simplest value is sent as
 * intended (wire check: invalid in that part only). A mutation that cannot
 * be, such as a number where a string parameter is expected (its text is a
 * string too), would only be discarded case after case.
 */
async function sendableNegatives(run: OperationRun): Promise<ShrinkPair<NegativeValue> | undefined> {
  const { target, session } = run;
  if (target.mutations.length === 0) return undefined;
  // A scratch register: trying edges must not move the ids the run hands out.
  const ids = new UniqueIds(session.settings.seed).scope(target.operation.id, 'negative');
  // One base of each kind serves every mutation (applyMutation copies it): only validity is tried here.
  const minimal = target.base('minimal', (pointer, range) => ids.fresh(pointer, range));
  const full = target.base('full', (pointer, range) => ids.fresh(pointer, range));
  const keys = new Set<string>();
  for (const mutation of target.mutations) {
    let value: NegativeValue = [minimal, [mutation.key, mutation.edge]];
    if (applyMutation(value, target.mutations) === undefined) value = [full, [mutation.key, mutation.edge]];
    const prepared = await run.sender.prepare(target, value, { valid: false, phase: 'negative', id: '', title: '' });
    if (!('unusable' in prepared)) keys.add(mutation.key);
  }
  return target.invalidFor(keys);
}
