/**
 * The one ladder every tool grades its findings on, most severe first. A
 * run's policy (`--fail-on`, `--fail-severity`) is a threshold on it, applied
 * once, at the verdict: whatever reaches the threshold fails the run. A
 * finding's own grade never changes during a run.
 *
 * Each tool's grades map onto it:
 * - contract and proxy findings, by class: a failure is `error`, a spec gap
 *   `warning`, a warning `info`;
 * - spec diff changes: `breaking` is `error`, `warning` and `info` are
 *   themselves;
 * - spec check findings: Spectral's `error`, `warning` (`warn`), `info`,
 *   `hint`.
 *
 * @example
 *   reaches('warning', 'error') // false: only errors fail by default
 *   reaches('warning', 'warning') // true: `--fail-on spec-gap`, `--fail-on warning`
 */
export const LEVELS = ['error', 'warning', 'info', 'hint'] as const;

/** A grade on the ladder. */
export type Level = (typeof LEVELS)[number];

/** Whether `level` is at or above `threshold` on the ladder: a finding so graded fails a run with that threshold. */
export function reaches(level: Level, threshold: Level): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(threshold);
}
