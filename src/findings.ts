/**
 * A finding: one way a response (or a spec) departs from what the spec
 * documents. Findings are returned, never thrown (STYLE habit 5).
 */

/** How bad a finding is: errors fail a run, warnings are printed only. */
export type Severity = 'error' | 'warning';

/** One contract or spec finding. */
export interface Finding {
  /** Stable kebab-case id of the check or rule that produced it, e.g. `response-schema`. */
  check: string;
  severity: Severity;
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
