/** The results the property phase records: one per boundary case, one per random phase, plus skips. */

import type { CaseResult, GeneratedDetails, GeneratedPhase } from '../../core/exchange/types.js';
import type { Operation } from '../../core/spec/types.js';
import type { HuntResult } from './hunt.js';
import { requestSummary } from './request-summary.js';

/** Identity of a recorded result. */
export interface ResultLabel {
  id: string;
  title: string;
  phase: GeneratedPhase;
  seed: number;
}

/**
 * The result a hunt stands for: its smallest failure (with the body as
 * first found), else the transport failure that stopped it, else a pass.
 * Undefined when nothing was sent.
 */
export function huntResult(found: HuntResult, label: ResultLabel, keepCaseTitle: boolean): CaseResult | undefined {
  const details: GeneratedDetails = {
    phase: label.phase,
    seed: label.seed,
    requests: found.requests,
    shrinks: 0,
    ...(found.cut ? { cut: found.cut } : {}),
  };
  const failure = found.smallest ?? found.transport;
  if (failure) {
    const shrunk = found.smallest !== undefined && found.first !== found.smallest;
    if (shrunk && found.first)
      Object.assign(details, { shrinks: found.shrinks, original: requestSummary(found.first.case) });
    return relabel(failure, label, keepCaseTitle, details);
  }
  return found.passed ? relabel(found.passed, label, false, details) : undefined;
}

/** A skipped generated case: nothing (more) was sent, for `reason`. */
export function skippedResult(operation: Operation, label: ResultLabel, reason: string, baseUrl: string): CaseResult {
  const contractCase = {
    id: label.id,
    kind: 'generated' as const,
    operation,
    title: label.title,
    request: { method: operation.method, path: operation.path, headers: {} },
    expect: { outcome: 'success' as const },
    skip: reason,
  };
  return {
    case: contractCase,
    exchange: { case: contractCase, url: baseUrl + operation.path, durationMs: 0 },
    findings: [],
    verdict: 'skipped',
    generated: { phase: label.phase, seed: label.seed, requests: 0, shrinks: 0 },
  };
}

/** `result` under the label's id (and title, unless the sent case's own title says more). */
function relabel(
  result: CaseResult,
  label: ResultLabel,
  keepCaseTitle: boolean,
  generated: GeneratedDetails,
): CaseResult {
  const contractCase = { ...result.case, id: label.id, title: keepCaseTitle ? result.case.title : label.title };
  return { ...result, case: contractCase, exchange: { ...result.exchange, case: contractCase }, generated };
}
