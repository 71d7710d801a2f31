/** Coverage per operation as the run result and the reports carry it (coverage.ts works it out). */

/** Why an operation never succeeded. */
export type CoverageGap =
  /** No case of it was selected (--only, --skip): it is left out of the figures. */
  | 'not-selected'
  /** No request was sent: every case was skipped, not selected, or not run. */
  | 'not-sent'
  /** Every request named an item the run made up: no producer in the spec, or none answered one. */
  | 'made-up-only'
  /** The server refused every request. */
  | 'refused'
  /** No request got a usable answer (timeouts, dropped connections). */
  | 'no-response';

/** One operation's coverage. */
export interface OperationCoverage {
  operation: string;
  method: string;
  path: string;
  /** At least one request got a success. */
  reached: boolean;
  /** Requests sent to it. */
  requests: number;
  /** Answers by status (`404`) or transport failure (`timeout`), with their counts. */
  statuses: Record<string, number>;
  /** Why it never succeeded; undefined when it did. */
  gap?: CoverageGap;
  /** The reason in words: `every request was refused (404 ×3)`. */
  reason?: string;
}

/** Coverage of a run. */
export interface CoverageReport {
  /** Operations the run had a case for (those --only/--skip left out are not counted). */
  operations: number;
  /** Operations that got at least one success. */
  reached: number;
  byOperation: OperationCoverage[];
}
