/** Human text: per change its level, rule, operation and file position, the message, and the JSON pointer. */
import type { DiffFormatter } from './format.js';
import { describeCounts, describeIgnoreEntry } from './format.js';

/** The text format (the default). */
export const textFormat: DiffFormatter = {
  name: 'text',
  render(result) {
    const lines = result.changes.flatMap((change) => [
      `${change.level.padEnd(8)}  ${change.id}  ${change.operation || '-'}  ${change.location.file}:${change.location.line}:${change.location.column}`,
      `  ${change.message}`,
      `  at ${change.pointer}${change.location.pointer === change.pointer ? '' : ` (written at ${change.location.pointer})`}`,
    ]);
    for (const change of result.ignored) {
      lines.push(
        `ignored   ${change.id} (${change.level})  ${change.operation || '-'}  ${change.location.file}:${change.location.line}:${change.location.column}`,
        `  ${change.message}`,
        `  accepted by ${change.ignoredBy}: ${change.reason}`,
      );
    }
    for (const entry of result.unusedIgnores)
      lines.push(`unused ignore entry ${entry.at}: ${describeIgnoreEntry(entry)} matches no change (remove it)`);
    lines.push(`${result.base} -> ${result.head}: ${describeCounts(result)}`);
    return `${lines.join('\n')}\n`;
  },
};
