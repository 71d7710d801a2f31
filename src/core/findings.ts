/**
 * A finding: one way a response (or a spec) departs from what the spec
 * documents. Findings are returned, never thrown (STYLE habit 5).
 */

/** How bad a finding is: errors fail a run, warnings are printed only. Spec gaps carry `warning` (report readers of version 1.0 count only errors as failures). */
export type Severity = 'error' | 'warning';

/**
 * What kind of truth a finding is (STYLE habit 14); every reporter, exit
 * policy and overlay reads this field and none re-derives it.
 * - `failure`: the server contradicts the spec (a 5xx, an invalid body, an
 *   invalid request accepted, a valid one refused, a stateful contradiction).
 * - `spec-gap`: the server does what HTTP calls for, but the spec does not
 *   document it (a 404 for an id the run made up, 405 for an undeclared
 *   method, 401/403 on auth cases, 406/413/414/415/429/431 where they apply,
 *   a 4xx for invalid input on an operation that documents none). Does not
 *   fail a run unless `--fail-on spec-gap`.
 * - `warning`: printed, never failing.
 */
export type FindingClass = 'failure' | 'spec-gap' | 'warning';

/** The class a finding of `severity` has when its check names none: errors are failures, warnings warnings. */
export function classOfSeverity(severity: Severity): FindingClass {
  return severity === 'error' ? 'failure' : 'warning';
}

/** One contract or spec finding. */
export interface Finding {
  /** Stable kebab-case id of the check or rule that produced it, e.g. `response-schema`. */
  check: string;
  severity: Severity;
  /** What kind of truth it is; see {@link FindingClass}. */
  class: FindingClass;
  /** operationId (or `METHOD /path`) the finding belongs to. */
  operation: string;
  /** JSON pointer into the response body (`/name`); '' for the whole body, status or headers. */
  pointer: string;
  /** One line: what is wrong. */
  message: string;
  /** What was received, as the wire showed it. */
  received?: string;
  /** What the spec documents instead. */
  documented?: string;
}

/** A short, single-line rendering of any JSON value for messages (cut at `max` characters). */
export function preview(value: unknown, max = 80): string {
  let text: string;
  try {
    text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A body as it came, on one line and cut at `max` characters (`an empty body` when empty). */
export function previewText(text: string, max = 80): string {
  if (text === '') return 'an empty body';
  const line = text.replace(/\r?\n/g, '\\n');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `"abc" (string)`: a value with its JSON type. */
export function describeValue(value: unknown): string {
  const type =
    value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  return `${preview(value, 60)} (${type})`;
}
