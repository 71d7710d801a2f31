/** The verdict of a contract run, once everything it planned was sent or the run stopped. */

import type { CaseResult } from '../core/exchange/types.js';
import { runHints } from './run-hints.js';
import type { RunPlan } from './run-plan.js';
import type { RunSession } from './run-session.js';
import { distinctFailures } from './signature.js';
import type { RunResult } from './types.js';

/** The run's result: counts, hints, the phases' extras, spec gaps, distinct failures and coverage. */
export function summariseRun(plan: RunPlan, session: RunSession, durationMs: number): RunResult {
  const { settings, spec, notes, rerun } = plan;
  const { results } = session;
  const count = (predicate: (result: CaseResult) => boolean) => results.filter(predicate).length;
  const stopped = session.control.stopped();
  return {
    baseUrl: settings.baseUrl,
    results,
    passed: count((result) => result.verdict === 'passed'),
    failed: count((result) => result.verdict === 'failed'),
    skipped: count((result) => result.verdict === 'skipped' && !result.notRun),
    notRun: count((result) => result.notRun === true),
    ...(stopped ? { stopped } : {}),
    hints: [...notes, ...runHints(results, spec, settings.baseUrl)],
    durationMs,
    ...session.extras,
    failOn: settings.failOn,
    specGaps: session.gaps.list(),
    distinctFailures: distinctFailures(results),
    // A rerun sends a few chosen cases: what they reach says nothing of the API's coverage.
    ...(rerun ? {} : { coverage: session.coverage.report() }),
  };
}
