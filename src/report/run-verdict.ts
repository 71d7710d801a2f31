/**
 * A run's verdict without its case results: what the summary lines, the
 * JUnit and GitHub reports and the HTML report read besides the cases. A
 * live run's RunResult is one; `plantkit report merge` builds one from the
 * shards' JSON reports, whose cases are records, not results.
 */
import type { RunResult } from '../contract/types.js';

/** {@link RunResult} without `results`. */
export type RunVerdict = Omit<RunResult, 'results'>;
