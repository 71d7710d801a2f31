/** Whether a diff fails CI: any change at the `--fail-on` level or a more severe one (ignored changes never count). */

import { type Level, reaches } from '../../core/levels.js';
import type { SpecDiffResult } from '../diff-specs.js';
import type { ChangeLevel } from '../types.js';
import type { FailOn } from './diff-config.js';

/** Default of `--fail-on`: only breaking changes fail. */
export const DEFAULT_FAIL_ON: FailOn = 'breaking';

/** A change's level on the shared ladder (core/levels.ts): a breaking change is an error. */
const LADDER_LEVEL: Record<ChangeLevel, Level> = { breaking: 'error', warning: 'warning', info: 'info' };

/** Does `result` fail with `failOn`? A level fails when any change has it and it reaches `--fail-on`'s threshold. */
export function diffFails(result: Pick<SpecDiffResult, 'counts'>, failOn: FailOn = DEFAULT_FAIL_ON): boolean {
  const threshold = LADDER_LEVEL[failOn];
  return (Object.keys(LADDER_LEVEL) as ChangeLevel[]).some(
    (level) => result.counts[level] > 0 && reaches(LADDER_LEVEL[level], threshold),
  );
}
