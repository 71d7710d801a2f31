/** What every case builder may use: the compiled validators, the token, a unique-integer counter. */
import type { SpecValidators } from '../../validation/compile-validators.js';
import type { Scenario } from '../contracts-file.js';

/** Read-only context handed to each case builder. */
export interface CaseContext {
  validators: SpecValidators;
  /** The bearer token (never printed); undefined when none is configured. */
  token: string | undefined;
  /** Run-wide counter for unique integers (ids a real server may refuse to see twice). */
  nextInteger: () => bigint;
  /** Scenarios from contracts/, by operation id. */
  scenarios: ReadonlyMap<string, readonly Scenario[]>;
}

/** A counter starting at `base`, stepping by one. */
export function integerCounter(base: bigint): () => bigint {
  let next = base;
  return () => next++;
}
