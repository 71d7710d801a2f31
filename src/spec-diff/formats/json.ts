/** Machine-readable JSON: the SpecDiffResult as it is (stable field names; see docs/spec-checks.md). */
import type { DiffFormatter } from './format.js';

/** The json format. */
export const jsonFormat: DiffFormatter = {
  name: 'json',
  render: (result) => {
    const { base, head, counts, changes, ignored, unusedIgnores } = result;
    return `${JSON.stringify({ base, head, counts, changes, ignored, unusedIgnores }, null, 2)}\n`;
  },
};
