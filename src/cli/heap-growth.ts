/**
 * How far V8 lets the heap grow between full collections, for long runs.
 * With an old-space limit of 2 GB or more (the default on a large machine)
 * V8 grows the heap up to 4x what is live before it collects. A contract run
 * turns over about 10 MB/s of short-lived objects that reach old space, so
 * its peak sat at 4x its live heap: on GitHub's description about 200 MB
 * live and 940 MB peak, more than a 1 GB CI runner has (issue 22). V8
 * reads `--heap-growing-percent` at each collection, so it can be set after
 * start, without a respawn or NODE_OPTIONS.
 */
import v8 from 'node:v8';

/**
 * The growth allowed between full collections: 1.2x the live heap, for a few percent more CPU in GC.
 * GitHub's default run against the stateful mock, idle machine, seed 1: 30% peaked at 529 MB (39,642
 * cases, 275 s CPU), 20% at 475 MB (39,882 cases, 289 s CPU).
 */
const GROWING_PERCENT = 20;

/** Cap the heap's growth for the rest of the process, unless node was started with the flag (NODE_OPTIONS cannot carry it). */
export function capHeapGrowth(): void {
  if (!process.execArgv.some((flag) => /^--heap[-_]growing[-_]percent/.test(flag)))
    v8.setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
}
