/** Machine-readable JSON: the SpecDiffResult as it is (stable field names; see docs/spec-checks.md). */
import type { DiffFormatter } from './format.js';

/** The json format. */
export const jsonFormat: DiffFormatter = {
  name: 'json',
  render: (result) => `${JSON.stringify({ base: result.base, head: result.head, counts: result.counts, changes: result.changes }, null, 2)}\n`,
};
