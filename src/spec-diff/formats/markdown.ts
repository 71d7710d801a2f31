/** Markdown for a pull-request comment: a heading with the verdict and a table of changes. */
import type { DiffFormatter } from './format.js';
import { describeCounts, describeIgnoreEntry } from './format.js';

/** The markdown format. */
export const markdownFormat: DiffFormatter = {
  name: 'markdown',
  render(result) {
    const verdict =
      result.counts.breaking > 0
        ? `${result.counts.breaking} breaking change${result.counts.breaking === 1 ? '' : 's'}`
        : 'no breaking changes';
    const lines = [
      `### plantkit spec diff: ${verdict}`,
      '',
      `\`${result.base}\` → \`${result.head}\`: ${describeCounts(result)}`,
    ];
    if (result.changes.length > 0) {
      lines.push('', '| Level | Rule | Operation | Change | Where |', '| --- | --- | --- | --- | --- |');
      for (const change of result.changes) {
        const level = change.level === 'breaking' ? '**breaking**' : change.level;
        const where = `\`${change.location.file}:${change.location.line}\` \`${change.location.pointer}\``;
        lines.push(
          `| ${level} | \`${change.id}\` | ${cell(change.operation || '-')} | ${cell(change.message)} | ${where} |`,
        );
      }
    }
    if (result.ignored.length > 0) {
      lines.push(
        '',
        'Accepted by the ignore file:',
        '',
        '| Level | Rule | Operation | Change | Reason |',
        '| --- | --- | --- | --- | --- |',
      );
      for (const change of result.ignored)
        lines.push(
          `| ${change.level} | \`${change.id}\` | ${cell(change.operation || '-')} | ${cell(change.message)} | ${cell(change.reason)} |`,
        );
    }
    if (result.unusedIgnores.length > 0) {
      lines.push('', 'Ignore entries that match no change (remove them):', '');
      for (const entry of result.unusedIgnores) lines.push(`- \`${entry.at}\` ${cell(describeIgnoreEntry(entry))}`);
    }
    return `${lines.join('\n')}\n`;
  },
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
