/** Events a contract run emits; reporters consume them and the library never prints. */
import type { LoadedSpec } from '../spec/types.js';
import type { CaseResult, RunResult } from './types.js';

/** Progress of a contract run. */
export type RunEvent =
  | { type: 'run-started'; baseUrl: string; spec: LoadedSpec; total: number; strict: boolean }
  | { type: 'case-finished'; result: CaseResult; index: number; total: number }
  | { type: 'run-finished'; result: RunResult };
