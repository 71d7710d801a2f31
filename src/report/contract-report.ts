/**
 * The JSON report of a contract run as its readers take it (`plantkit
 * report merge`, the HTML report; schemas/contract-report.schema.json,
 * version 1): the fields they check, combine and show. Fields they do not
 * know are left alone.
 */
import type { CoverageReport } from '../contract/coverage-report.js';
import type { BudgetReport, DistinctFailure, FailOn, RunStop, SpecGap } from '../contract/types.js';
import type { CaseRecord } from './case-record.js';

/** A spec gap as the JSON report writes it: bodies without a Content-Type have `mediaType: null`. */
export type SpecGapRecord = Omit<SpecGap, 'bodies'> & { bodies: Array<{ mediaType: string | null; body: string }> };

/** An operation as the JSON report lists it. */
export interface OperationRecord {
  id: string;
  method: string;
  path: string;
  /** Response keys as the spec writes them, in its order. */
  statuses: string[];
}

/** A contract run's JSON report. */
export interface ContractReport {
  reportVersion: 1;
  reportMinorVersion?: number;
  tool: { name: 'plantkit'; version: string };
  spec: { title: string; version: string; openapi: string; source: string; digest?: string };
  baseUrl: string;
  generated: { seed: number; maxCases: number; phases: string[] } | null;
  shard?: { index: number; count: number } | null;
  startedAt: string;
  durationMs: number;
  interrupted?: boolean;
  stopped?: RunStop | null;
  hints?: string[];
  budget?: BudgetReport | null;
  failOn?: FailOn;
  summary: { total: number; passed: number; failed: number; skipped: number; notRun: number };
  distinctFailures?: DistinctFailure[];
  specGaps?: SpecGapRecord[];
  coverage?: CoverageReport | null;
  /** Every operation of the spec with the statuses it documents (`200`, `4XX`, `default`). */
  operations?: OperationRecord[];
  cases: CaseRecord[];
}
