/**
 * The contract runner's data: a run's result and what its phases add to it.
 * The cases, exchanges and case results it is made of are the shared
 * exchange model (core/exchange/types.ts).
 */
import type { BudgetCut, CaseResult } from '../core/exchange/types.js';
import type { CoverageReport } from './coverage-report.js';
import type { DistinctFailure, SpecGap } from './finding-groups.js';

export type { DistinctFailure, SpecGap } from './finding-groups.js';

/** The generated phases' budgets and what they cut. */
export interface BudgetReport {
  /** --operation-budget in ms. */
  operationMs: number;
  /** --generated-budget in ms. */
  generatedMs: number;
  cut: BudgetCut[];
}

/** Parts of a run's result that its phases fill in. */
export interface RunExtras {
  /** The generated phases' budgets and what they cut; absent when no generated phase ran. */
  budget?: BudgetReport;
}

/** Why a run stopped before its end. */
export type StopReason = 'interrupted' | 'max-duration' | 'unresponsive';

/** A stop, as reports show it (run-control.ts decides when). */
export interface RunStop {
  reason: StopReason;
  /** One line: `3 requests in a row got no response (timeout)`. */
  message: string;
}

/** Which findings fail a run: failures only (the default), or spec gaps too (`--fail-on spec-gap`). */
export type FailOn = 'failure' | 'spec-gap';

/** The verdict on a whole run. */
export interface RunResult extends RunExtras {
  baseUrl: string;
  results: CaseResult[];
  passed: number;
  failed: number;
  /** Skipped by design (see each case's `skip`); not-run cases are counted in `notRun`. */
  skipped: number;
  /** Cases not sent because the run stopped early. */
  notRun: number;
  /** Why the run stopped before its end; absent when it ran to the end. */
  stopped?: RunStop;
  /** Diagnoses of the run as a whole, one line each (e.g. every request got 404). */
  hints: string[];
  /** Milliseconds from the first request to the last response. */
  durationMs: number;
  /** Which operations got a success, and why the others never did (contract/coverage.ts). */
  coverage?: CoverageReport;
  /** What fails the run: `spec-gap` makes spec gaps fail it too. */
  failOn: FailOn;
  /** Statuses HTTP called for that the spec does not document, one per operation and status. */
  specGaps: SpecGap[];
  /** The failed cases grouped by failure signature. */
  distinctFailures: DistinctFailure[];
}
