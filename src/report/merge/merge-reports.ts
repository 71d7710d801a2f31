/**
 * One verdict from the shards' JSON reports: the cases in shard order, the
 * counts summed, distinct failures joined by signature, spec gaps by
 * operation and status, coverage taken from the shard that ran each
 * operation, the run's time the longest shard's (they ran side by side).
 * The result is a JSON report of the same schema, marked with the shards it
 * came from, and the verdict the other reporters render.
 */

import type { OperationCoverage } from '../../contract/coverage-report.js';
import type { DistinctFailure, RunStop, SpecGap } from '../../contract/types.js';
import type { CaseRecord } from '../case-record.js';
import type { ContractReport, SpecGapRecord } from '../contract-report.js';
import type { RunVerdict } from '../run-verdict.js';
import type { ReadReport } from './read-reports.js';

/** Bodies kept per spec gap, as one run keeps them (contract/spec-gaps.ts). */
const MAX_GAP_BODIES = 8;

/** The merged run: a JSON report document, its cases, and the verdict for the reporters. */
export interface MergedRun {
  document: ContractReport & {
    merged: Array<{ file: string; shard: string | null; startedAt: string; durationMs: number }>;
  };
  records: CaseRecord[];
  verdict: RunVerdict;
}

/** Merge reports that {@link readReports} accepted. */
export function mergeReports(reports: readonly ReadReport[]): MergedRun {
  const ordered = [...reports].sort((a, b) => (a.report.shard?.index ?? 0) - (b.report.shard?.index ?? 0));
  const all = ordered.map((item) => item.report);
  const first = all[0]!;
  const records = all.flatMap((report) => report.cases);
  const sum = (pick: (report: ContractReport) => number) => all.reduce((total, report) => total + pick(report), 0);
  const stopped = all.find((report) => report.stopped)?.stopped ?? undefined;
  const distinctFailures = mergeDistinct(all.flatMap((report) => report.distinctFailures ?? []));
  const specGaps = mergeGaps(all.flatMap((report) => report.specGaps ?? []));
  const durationMs = Math.max(...all.map((report) => report.durationMs));
  const hints = [...new Set(all.flatMap((report) => report.hints ?? []))];
  const budget = mergeBudget(all);
  const failOn = first.failOn ?? 'failure';
  const summary = {
    total: records.length,
    passed: sum((report) => report.summary.passed),
    failed: sum((report) => report.summary.failed),
    skipped: sum((report) => report.summary.skipped),
    notRun: sum((report) => report.summary.notRun),
  };
  const coverage = mergeCoverage(all);
  const document = {
    ...first,
    startedAt: all.map((report) => report.startedAt).sort()[0]!,
    durationMs,
    interrupted: all.some((report) => report.interrupted === true),
    stopped: stopped ?? null,
    hints,
    budget,
    failOn,
    shard: null,
    summary: {
      ...summary,
      distinctFailures: distinctFailures.length,
      specGaps: specGaps.length,
      findingsByClass: findingsByClass(records),
    },
    distinctFailures,
    specGaps,
    ...(coverage ? { coverage } : {}),
    merged: ordered.map(({ file, report }) => ({
      file,
      shard: report.shard ? `${report.shard.index}/${report.shard.count}` : null,
      startedAt: report.startedAt,
      durationMs: report.durationMs,
    })),
    cases: records,
  };
  const verdict: RunVerdict = {
    baseUrl: first.baseUrl,
    ...summary,
    ...(stopped ? { stopped: stopped as RunStop } : {}),
    hints,
    durationMs,
    failOn,
    specGaps: specGaps.map(toSpecGap),
    distinctFailures,
    ...(budget ? { budget } : {}),
    ...(coverage ? { coverage } : {}),
  };
  return { document, records, verdict };
}

function mergeDistinct(failures: readonly DistinctFailure[]): DistinctFailure[] {
  const bySignature = new Map<string, DistinctFailure>();
  for (const failure of failures) {
    const known = bySignature.get(failure.signature);
    bySignature.set(failure.signature, known ? { ...known, cases: [...known.cases, ...failure.cases] } : failure);
  }
  return [...bySignature.values()];
}

function mergeGaps(gaps: readonly SpecGapRecord[]): SpecGapRecord[] {
  const byKey = new Map<string, SpecGapRecord>();
  for (const gap of gaps) {
    const key = `${gap.operation} ${gap.status}`;
    const known = byKey.get(key);
    byKey.set(
      key,
      known
        ? {
            ...known,
            cases: [...new Set([...known.cases, ...gap.cases])],
            responses: known.responses + gap.responses,
            bodies: [...known.bodies, ...gap.bodies].slice(0, MAX_GAP_BODIES),
          }
        : gap,
    );
  }
  return [...byKey.values()];
}

/** A spec gap record as the run's type has it (no Content-Type: undefined). */
function toSpecGap(gap: SpecGapRecord): SpecGap {
  return {
    ...gap,
    bodies: gap.bodies.map((body) => ({ mediaType: body.mediaType ?? undefined, body: body.body })),
  };
}

/** The shards' budget cuts together; the budgets are the flags, the same in every shard. */
function mergeBudget(reports: readonly ContractReport[]): ContractReport['budget'] {
  const budgets = reports.flatMap((report) => (report.budget ? [report.budget] : []));
  if (budgets.length === 0) return null;
  return { ...budgets[0]!, cut: budgets.flatMap((budget) => budget.cut) };
}

/** Each operation's coverage from the shard that sent it; an operation no shard selected stays `not-selected`. */
function mergeCoverage(reports: readonly ContractReport[]): ContractReport['coverage'] {
  const measured = reports.flatMap((report) => (report.coverage ? [report.coverage] : []));
  if (measured.length === 0) return undefined;
  const byOperation = new Map<string, OperationCoverage>();
  for (const coverage of measured)
    for (const entry of coverage.byOperation) {
      const known = byOperation.get(entry.operation);
      if (!known || (known.gap === 'not-selected' && entry.gap !== 'not-selected'))
        byOperation.set(entry.operation, entry);
    }
  const entries = [...byOperation.values()];
  return {
    operations: entries.filter((entry) => entry.gap !== 'not-selected').length,
    reached: entries.filter((entry) => entry.reached).length,
    byOperation: entries,
  };
}

function findingsByClass(records: readonly CaseRecord[]): { failure: number; specGap: number; warning: number } {
  const counts = { failure: 0, specGap: 0, warning: 0 };
  for (const record of records)
    for (const finding of record.findings) counts[finding.class === 'spec-gap' ? 'specGap' : finding.class] += 1;
  return counts;
}
