/** Human text: per change its level, rule, operation and file position, the message, and the JSON pointer. */
import type { SpecDiffResult } from '../diff-specs.js';
import type { DiffFormatter } from './format.js';
import { describeCounts, describeIgnoreEntry } from './format.js';

/** The text format (the default). */
export const textFormat: DiffFormatter = {
  name: 'text',
  render: (result) => [...textChunks(result)].join(''),
  chunks: textChunks,
};

/** The text in pieces, one per change (Stripe's text report is 70 MB), each ending in a newline. */
function* textChunks(result: SpecDiffResult): Generator<string> {
  for (const change of result.changes)
    yield lines(
      `${change.level.padEnd(8)}  ${change.id}  ${change.operation || '-'}  ${change.location.file}:${change.location.line}:${change.location.column}`,
      `  ${change.message}`,
      `  at ${change.pointer}${change.location.pointer === change.pointer ? '' : ` (written at ${change.location.pointer})`}`,
    );
  for (const change of result.ignored)
    yield lines(
      `ignored   ${change.id} (${change.level})  ${change.operation || '-'}  ${change.location.file}:${change.location.line}:${change.location.column}`,
      `  ${change.message}`,
      `  accepted by ${change.ignoredBy}: ${change.reason}`,
    );
  for (const entry of result.unusedIgnores)
    yield lines(`unused ignore entry ${entry.at}: ${describeIgnoreEntry(entry)} matches no change (remove it)`);
  yield lines(`${result.base} -> ${result.head}: ${describeCounts(result)}`);
}

function lines(...texts: string[]): string {
  return `${texts.join('\n')}\n`;
}
