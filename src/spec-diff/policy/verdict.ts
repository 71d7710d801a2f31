/** Whether a diff fails CI: any change at the `--fail-on` level or a more severe one (ignored changes never count). */
import type { SpecDiffResult } from '../diff-specs.js';
import type { FailOn } from './diff-config.js';

/** Default of `--fail-on`: only breaking changes fail. */
export const DEFAULT_FAIL_ON: FailOn = 'breaking';

/** Does `result` fail with `failOn`? */
export function diffFails(result: Pick<SpecDiffResult, 'counts'>, failOn: FailOn = DEFAULT_FAIL_ON): boolean {
  return result.counts.breaking > 0 || (failOn === 'warning' && result.counts.warning > 0);
}
