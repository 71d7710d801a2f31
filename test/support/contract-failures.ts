/**
 * The failures of a contract run as lines (`case: check message`), for tests
 * that assert a run against plantkit's own mock fails nothing: an empty list
 * reads better in a diff than a count.
 */
import type { runContract } from '../../src/contract/run-contract.js';

/** `case: check message` for every finding of class failure. */
export function failureLines(result: Awaited<ReturnType<typeof runContract>>): string[] {
  return result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.class === 'failure')
      .map((finding) => `${item.case.id}: ${finding.check} ${finding.message}`),
  );
}
