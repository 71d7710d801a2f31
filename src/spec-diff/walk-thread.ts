/**
 * The worker thread that walks part of a large comparison (walk-split.ts).
 * Node-only: diffSpecs imports this module only when it splits, so a bundle
 * for the browser never reaches node:worker_threads through it.
 */
import { Worker } from 'node:worker_threads';
import { PlantkitError } from '../core/errors.js';
import type { EncodedHits, WalkPartRequest } from './walk-split.js';

/** A started worker: its hits once it has walked, and how to end it (on every path, errors included). */
export interface WalkThread {
  hits: Promise<EncodedHits>;
  stop(): Promise<void>;
}

/**
 * The worker's file: beside this module in the per-file build, and in
 * spec-diff/ when this module sits in a bundle chunk (dist/chunks/): the
 * same relative URL names both.
 */
const WORKER_FILE = '../spec-diff/walk-worker.js';

/** Start a worker thread (walk-worker.ts, or `file` in tests) walking its part of the comparison `request` describes. */
export function startWalkThread(request: WalkPartRequest, file = new URL(WORKER_FILE, import.meta.url)): WalkThread {
  const worker = new Worker(file, { workerData: request, execArgv: workerExecArgv(process.execArgv) });
  const failed = (reason: string) =>
    new PlantkitError('PLANTKIT_IO', `spec diff: the worker thread walking half the schemas failed: ${reason}`, {
      hint: 'a bug in plantkit: please report it with the two specs',
    });
  const hits = new Promise<EncodedHits>((resolve, reject) => {
    worker.once('message', (message: EncodedHits) => resolve(message));
    worker.once('error', (error) => reject(failed(error.message.split('\n')[0] ?? '')));
    worker.once('exit', (code) => reject(failed(`it stopped (exit code ${code}) before it answered`)));
  });
  // Awaited only after this thread's own walk: a failure before then must not count as unhandled.
  hits.catch(() => undefined);
  return {
    hits,
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The parent's Node options a worker can take. A worker inherits them, and those that only mean something
 * for the main script stop it before it runs: `node --input-type=module -e ...` (how the bench and any
 * `-e` script load plantkit) gave every worker "--input-type can only be used with string input".
 */
export function workerExecArgv(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const option = argv[index]!;
    // These take the next argument (the script, or the type) when written without `=`.
    if (['--input-type', '-e', '--eval', '-p', '--print'].includes(option)) index += 1;
    else if (!/^--(input-type|eval|print)=/.test(option)) kept.push(option);
  }
  return kept;
}
