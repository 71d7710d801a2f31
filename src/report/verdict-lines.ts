/**
 * The run's verdicts by class in text reports (issue 18): the summary
 * line's counts (cases, distinct failures, spec gaps), the distinct
 * failures with the cases behind each, and the spec-gap block with its fix
 * lines ("document 404 on findOne, update, remove"). Every line is plain
 * text; callers redact and style them.
 */
import { specGapFixes } from '../contract/spec-gaps.js';
import type { SpecGap } from '../contract/types.js';
import { previewText } from '../core/findings.js';
import type { RunVerdict } from './run-verdict.js';

/** Case ids named after a count; the JSON report lists them all. */
const NAMED_CASES = 3;

/** `12 passed, 3 failed (2 distinct failures), 1 skipped; 4 spec gaps`. */
export function countsLine(result: RunVerdict): string {
  const { passed, failed, skipped, notRun, distinctFailures, specGaps } = result;
  const distinct =
    failed > 0 ? ` (${distinctFailures.length} distinct failure${distinctFailures.length === 1 ? '' : 's'})` : '';
  const gaps = specGaps.length > 0 ? `; ${specGaps.length} spec gap${specGaps.length === 1 ? '' : 's'}` : '';
  return `${passed} passed, ${failed} failed${distinct}${skipped ? `, ${skipped} skipped` : ''}${notRun ? `, ${notRun} not run` : ''}${gaps}`;
}

/** `distinct failures: ...` with one line per signature and the cases behind it; none without failures. */
export function distinctFailureLines(result: RunVerdict): string[] {
  if (result.distinctFailures.length === 0) return [];
  const count = result.distinctFailures.length;
  return [
    `${count} distinct failure${count === 1 ? '' : 's'} (operation, check, status, pointer):`,
    ...result.distinctFailures.map(
      (failure) => `  ${failure.signature}: ${failure.message} (${casesText(failure.cases)})`,
    ),
  ];
}

/**
 * The spec-gap block: a heading that says what a spec gap is and what it
 * does to the run, then per status its fix line and per operation why the
 * status was right, how often, in which cases, and a body seen.
 */
export function specGapLines(result: RunVerdict): string[] {
  const gaps = result.specGaps;
  if (gaps.length === 0) return [];
  const failing = result.failOn === 'spec-gap';
  const lines = [
    `${gaps.length} spec gap${gaps.length === 1 ? '' : 's'}: the server answered as HTTP calls for, with a status the spec does not document (${failing ? 'failing the run: --fail-on spec-gap' : 'not failures; --fail-on spec-gap fails them'}; --spec-gaps FILE writes the fix as an OpenAPI Overlay)`,
  ];
  for (const { status, line } of specGapFixes(gaps)) {
    lines.push(`  ${line}`);
    for (const gap of gaps.filter((item) => item.status === status)) lines.push(...gapLines(gap));
  }
  return lines;
}

function gapLines(gap: SpecGap): string[] {
  const lines = [`    ${gap.operation} ${gap.status}: ${gap.reason}; ${casesText(gap.cases, gap.responses)}`];
  const body = gap.bodies.find((item) => item.body !== '');
  if (body) lines.push(`      body: ${previewText(body.body, 120)}`);
  return lines;
}

/** `3 cases: a, b, c` / `12 responses in 4 cases: a, b, c and 1 more`. */
function casesText(cases: readonly string[], responses?: number): string {
  const named = cases.slice(0, NAMED_CASES).join(', ');
  const more = cases.length > NAMED_CASES ? ` and ${cases.length - NAMED_CASES} more` : '';
  const count = `${cases.length} case${cases.length === 1 ? '' : 's'}`;
  const prefix =
    responses === undefined || responses === cases.length
      ? count
      : `${responses} response${responses === 1 ? '' : 's'} in ${count}`;
  return `${prefix}: ${named}${more}`;
}
