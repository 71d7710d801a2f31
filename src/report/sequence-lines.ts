/**
 * The extra lines of a failed stateful sequence in the console report: how
 * it was shrunk and the seed that replays it, then every step with its status
 * and a curl line that reproduces it. The ids in later steps are those the
 * server gave earlier ones, so a replay by hand uses the ids its own creates
 * get back. Secrets: curl lines name the variable (redact.ts), and callers
 * redact every line.
 */
import { type Secret, toCurl } from '../core/exchange/redact.js';
import type { CaseResult, SequenceDetails } from '../core/exchange/types.js';

/** Lines (without indentation) for a failed sequence; none for other results. */
export function sequenceLines(
  result: CaseResult,
  secrets: readonly Secret[],
  curlLine: (curl: string) => string,
): string[] {
  const details = result.sequence;
  if (!details || result.verdict !== 'failed') return [];
  const lines = [`sequence:   ${sequenceSummary(details)}`];
  for (const [index, step] of details.steps.entries()) {
    lines.push(
      `step ${index + 1}:${' '.repeat(Math.max(1, 6 - String(index + 1).length))}${step.title} -> ${step.status ?? 'no response'}${step.failed ? ' (failed)' : ''}`,
    );
    lines.push(`  reproduce: ${curlLine(toCurl(step.url, step.request, secrets))}`);
  }
  if (details.steps.length > 1)
    lines.push('ids in later steps are the ones earlier steps got back: a replay by hand uses its own');
  return lines;
}

/** `3 steps, shrunk from 16 in 5 runs; seed 7 (replay with --seed 7; 74 requests)`. */
function sequenceSummary(details: SequenceDetails): string {
  const count = details.steps.length;
  const shrunk =
    details.originalSteps > count
      ? `, shrunk from ${details.originalSteps}${details.shrinks > 0 ? ` in ${details.shrinks} run${details.shrinks === 1 ? '' : 's'}` : ''}`
      : '';
  return `${count} step${count === 1 ? '' : 's'}${shrunk}; seed ${details.seed} (replay with --seed ${details.seed}; ${details.requests} request${details.requests === 1 ? '' : 's'} on ${details.collection})`;
}
