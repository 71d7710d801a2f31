/**
 * The runner's extension point for phases that decide what to send while
 * they run (the property-based cases: each response steers shrinking), as
 * opposed to case builders, whose cases are all known before the first
 * request. Phases run after the static cases, in order.
 */

import type { CaseResult, ContractCase } from '../core/exchange/types.js';
import type { LoadedSpec } from '../core/spec/types.js';
import type { CaseContext } from './cases/index.js';
import type { NormalizedContractOptions } from './options.js';
import type { ResourcePool } from './producers/pool.js';
import type { RunExtras, RunStop } from './types.js';

/** What a phase may use while it runs. */
export interface PhaseSession {
  spec: LoadedSpec;
  settings: NormalizedContractOptions;
  /** The context the static cases were built with (validators, token, counter, scenarios). */
  context: CaseContext;
  /** Results recorded so far: the static cases', then earlier phases'. */
  results: readonly CaseResult[];
  /** Send a case and run the checks on the exchange, without recording it (shrinking sends many). */
  execute(contractCase: ContractCase): Promise<CaseResult>;
  /** Record a result: it is counted in the summary and reported. */
  record(result: CaseResult): void;
  /** True when a case with this id is selected by --only/--skip. */
  selected(id: string): boolean;
  /** Why the run stopped (interrupt, --max-duration, unresponsive target); undefined while it goes on. */
  stopped(): RunStop | undefined;
  /** Fields of the run's result a phase fills in (the generated phases' budget report). */
  extras: RunExtras;
  /** Values the run harvested from answers, for parameters that name a resource (contract/producers/). */
  resources?: ResourcePool;
}

/** A phase of a contract run. */
export interface ContractPhase {
  /** Kebab-case name, for messages. */
  name: string;
  /** Whether the phase runs with these settings. */
  enabled(settings: NormalizedContractOptions): boolean;
  /** Ids of the cases the phase expects to record, before any is sent: for --only/--skip checks and the run's header. */
  plan(session: PhaseSession): string[];
  run(session: PhaseSession): Promise<void>;
}
