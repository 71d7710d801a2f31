/** Events a contract run emits; reporters consume them and the library never prints. */

import type { CaseResult } from '../core/exchange/types.js';
import type { LoadedSpec } from '../core/spec/types.js';
import type { Shard } from './shard.js';
import type { RunResult } from './types.js';

/** Settings of the generated (property-based) cases, announced when the run starts; absent when they are off. */
export interface GeneratedSettings {
  seed: number;
  maxCases: number;
  phases: readonly string[];
  /** --operation-budget in ms: the most one operation's generated cases may take. */
  operationBudgetMs: number;
  /** --generated-budget in ms: the most all generated cases together may take. */
  generatedBudgetMs: number;
}

/** What a `--rerun-failed` run sends again. */
export interface RerunSettings {
  file: string;
  cases: number;
  sequences: number;
  /** The seed the sequences replay from. */
  seed: number;
}

/** Progress of a contract run. */
export type RunEvent =
  | {
      type: 'run-started';
      baseUrl: string;
      spec: LoadedSpec;
      /** Static cases selected to run. */
      total: number;
      /** Generated cases the run expects to send (an estimate: some edges may be left out while it runs); absent when they are off. */
      generatedEstimate?: number;
      strict: boolean;
      generated?: GeneratedSettings;
      /** The path prefix taken from the spec's first server (`/v1`) because --base-url has no path; absent otherwise. */
      serverPath?: string;
      /** The share of the operations this run sends (`--shard i/n`); absent when it sends them all. */
      shard?: Shard;
      /** Which kinds of credentials are configured (`api key`, `basic`, `scheme partnerKey`), beside the token; never their values. */
      otherCredentials?: string[];
      /** A `--rerun-failed` run: the report, how many failed cases and sequences it sends again, and their seed. */
      rerun?: RerunSettings;
    }
  | { type: 'case-finished'; result: CaseResult; index: number; total: number }
  /** A case still running sent another request (generated cases send many: random values, shrinking); for live progress lines. */
  | { type: 'case-progress'; id: string; requests: number; shrinking: boolean }
  | { type: 'run-finished'; result: RunResult };
