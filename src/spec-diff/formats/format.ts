/** The one interface every spec-diff output format implements (cf. oasdiff's formatters/interface.go). */
import type { SpecDiffResult } from '../diff-specs.js';

/** Names of the output formats. */
export type DiffFormatName = 'text' | 'json' | 'markdown' | 'github';

/** Renders a diff result as one string (ending in a newline when non-empty). */
export interface DiffFormatter {
  name: DiffFormatName;
  render(result: SpecDiffResult): string;
  /** The same text in pieces, for a format whose output can be too large to build as one string. */
  chunks?(result: SpecDiffResult): Iterable<string>;
}

/** `3 breaking, 1 warning, 2 info` (`, 1 ignored`): the counts in words. */
export function describeCounts(result: SpecDiffResult): string {
  const { breaking, warning, info } = result.counts;
  const ignored = result.ignored.length > 0 ? `, ${result.ignored.length} ignored` : '';
  if (breaking + warning + info === 0) return result.ignored.length > 0 ? `no changes${ignored}` : 'no changes';
  return `${breaking} breaking, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info${ignored}`;
}

/** `rule METHOD /path`: an ignore entry in words. */
export function describeIgnoreEntry(entry: SpecDiffResult['unusedIgnores'][number]): string {
  return `${entry.rule} ${entry.method ? `${entry.method} ` : ''}${entry.path}`;
}
