/**
 * The part of the spec a failure broke, for the HTML report: the response
 * the operation documents for the status it got (OAS 4.8.16: the exact
 * code, else its range, else `default`), or the list of documented
 * statuses when none applies, as short JSON with deep schemas elided.
 */
import type { LoadedSpec } from '../../core/spec/types.js';
import type { CaseRecord } from '../case-record.js';

/** Characters of an excerpt; the spec holds the rest. */
const MAX_EXCERPT = 1500;
/** Nesting shown before `…`. */
const MAX_DEPTH = 6;

/** Excerpts of `spec` for failed records. */
export function createSpecExcerpts(spec: LoadedSpec): (record: CaseRecord) => string | undefined {
  const byId = new Map(spec.operations.map((operation) => [operation.id, operation]));
  return (record) => {
    const operation = byId.get(record.operation);
    if (!operation) return undefined;
    const status = record.response ? String(record.response.status) : undefined;
    const keys = operation.responses.map((response) => response.status);
    const key =
      status === undefined
        ? undefined
        : keys.includes(status)
          ? status
          : (keys.find((candidate) => candidate.toUpperCase() === `${status[0]}XX`) ??
            (keys.includes('default') ? 'default' : undefined));
    const response = operation.responses.find((candidate) => candidate.status === key);
    if (!response) return `${operation.pointer}/responses: documents ${keys.join(', ') || 'no status'}`;
    const content = Object.fromEntries(response.content.map((item) => [item.mediaType, { schema: item.schema }]));
    const shown = { description: response.description, ...(response.content.length > 0 ? { content } : {}) };
    const text = `${operation.pointer}/responses/${key}:\n${JSON.stringify(elide(shown, 0), null, 2)}`;
    return text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT)}\n…` : text;
  };
}

/** The value with anything deeper than MAX_DEPTH replaced by `…` (dereferenced schemas can be vast). */
function elide(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => elide(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, 40)
      .map(([key, item]) => [key, elide(item, depth + 1)]),
  );
}
