/**
 * GitHub Actions annotations on the head spec file: breaking changes as
 * errors, warnings as warnings, the rest as notices. Removed things are
 * annotated at the nearest node that still exists in the head file.
 */
import { type AnnotationKind, githubAnnotation } from '../../core/text/github-annotation.js';
import type { Change } from '../types.js';
import type { DiffFormatter } from './format.js';
import { describeCounts, describeIgnoreEntry } from './format.js';

const KINDS = { breaking: 'error', warning: 'warning', info: 'notice' } as const;

/** The github format. */
export const githubFormat: DiffFormatter = {
  name: 'github',
  render(result) {
    const lines = result.changes.map((change) =>
      annotate(KINDS[change.level], change, `${change.id} (${change.level})`, ''),
    );
    for (const change of result.ignored)
      lines.push(
        annotate('notice', change, `${change.id} (${change.level}, ignored)`, ` (accepted: ${change.reason})`),
      );
    for (const entry of result.unusedIgnores) {
      lines.push(
        githubAnnotation(
          'warning',
          { ...entry.location, title: 'unused ignore entry' },
          `${describeIgnoreEntry(entry)} matches no change; remove it`,
        ),
      );
    }
    lines.push(`plantkit spec diff: ${describeCounts(result)}`);
    return `${lines.join('\n')}\n`;
  },
};

/** One change on the head file; a head given as REV:PATH is annotated on PATH, the file in the checkout. */
function annotate(kind: AnnotationKind, change: Change, title: string, suffix: string): string {
  const file = change.headLocation.file.replace(/^[^:]+:(?!\/\/)/, '');
  return githubAnnotation(
    kind,
    { file, line: change.headLocation.line, column: change.headLocation.column, title },
    `${change.operation ? `${change.operation}: ` : ''}${change.message}${suffix}`,
  );
}
