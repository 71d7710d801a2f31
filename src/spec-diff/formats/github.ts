/**
 * GitHub Actions annotations on the head spec file: breaking changes as
 * errors, warnings as warnings, the rest as notices. Removed things are
 * annotated at the nearest node that still exists in the head file.
 */
import { githubAnnotation } from '../../report/github-annotation.js';
import type { DiffFormatter } from './format.js';
import { describeCounts } from './format.js';

const KINDS = { breaking: 'error', warning: 'warning', info: 'notice' } as const;

/** The github format. */
export const githubFormat: DiffFormatter = {
  name: 'github',
  render(result) {
    const lines = result.changes.map((change) => {
      // A head given as REV:PATH is annotated on PATH, the file in the checkout.
      const file = change.headLocation.file.replace(/^[^:]+:(?!\/\/)/, '');
      const title = `${change.id} (${change.level})`;
      return githubAnnotation(KINDS[change.level], { file, line: change.headLocation.line, column: change.headLocation.column, title }, `${change.operation ? `${change.operation}: ` : ''}${change.message}`);
    });
    lines.push(`plantkit spec diff: ${describeCounts(result)}`);
    return `${lines.join('\n')}\n`;
  },
};
