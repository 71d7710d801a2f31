/**
 * Coverage per operation in the reports (contract/coverage.ts): the
 * console's closing lines say how many operations got a success and, for
 * each that never did, why; JUnit carries it as a property of each
 * operation's suite (`coverage`: `reached`, or `not reached: <why>`), which
 * CI readers show beside the suite. An operation that never succeeded is no
 * failure: it is for a person to read.
 */
import type { OperationCoverage } from '../contract/coverage-report.js';
import type { RunVerdict } from './run-verdict.js';

/** Operations listed one per line before the rest are counted (the JSON report lists each). */
const LISTED = 20;

/** `coverage: 6 of 7 operations got a success (86%)`, then one line per operation that never did. */
export function coverageLines(result: RunVerdict): string[] {
  const coverage = result.coverage;
  if (!coverage || coverage.operations === 0) return [];
  const percent = Math.round((100 * coverage.reached) / coverage.operations);
  const lines = [
    `coverage: ${coverage.reached} of ${coverage.operations} operation${coverage.operations === 1 ? '' : 's'} got a success (${percent}%)`,
  ];
  const missed = coverage.byOperation.filter((item) => !item.reached && item.gap !== 'not-selected');
  for (const item of missed.slice(0, LISTED))
    lines.push(`coverage: ${item.operation} (${item.method} ${item.path}) never did: ${item.reason}`);
  if (missed.length > LISTED)
    lines.push(`coverage: and ${missed.length - LISTED} more operations that never did (the JSON report lists each)`);
  return lines;
}

/** The `coverage` property of an operation's JUnit suite; undefined when the run has no coverage of it. */
export function coverageProperty(result: RunVerdict, operationId: string): string | undefined {
  const item: OperationCoverage | undefined = result.coverage?.byOperation.find(
    (entry) => entry.operation === operationId,
  );
  if (!item || item.gap === 'not-selected') return undefined;
  return item.reached ? 'reached' : `not reached: ${item.reason}`;
}
