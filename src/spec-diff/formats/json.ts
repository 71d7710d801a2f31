/** Machine-readable JSON: the SpecDiffResult as it is (stable field names; see docs/spec-checks.md). */

import { prettyJsonPieces } from '../../core/text/pretty-json.js';
import type { SpecDiffResult } from '../diff-specs.js';
import { changeJson } from './change-json.js';
import type { DiffFormatter } from './format.js';

/** The json format. */
export const jsonFormat: DiffFormatter = {
  name: 'json',
  render: (result) => [...jsonChunks(result)].join(''),
  chunks: jsonChunks,
};

/** The result's members in a fixed order, as `JSON.stringify(…, null, 2)` writes them, in pieces: one per change. */
function jsonChunks(result: SpecDiffResult): Generator<string> {
  const { base, head, counts, changes, ignored, unusedIgnores } = result;
  return prettyJsonPieces({ base, head, counts, changes, ignored, unusedIgnores }, changeJson);
}
