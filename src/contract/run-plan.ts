/**
 * Planning a contract run, before any request: the spec and its validators,
 * the credentials the spec needs, the contracts/ scenarios, the static cases
 * (or, for --rerun-failed, the report's failed cases), and the case
 * selection of --only and --skip. Only faults throw here (bad options, an
 * unreadable spec or contracts, missing credentials).
 */

import { loadScenarios } from '../core/contracts/contracts-file.js';
import { PlantkitError } from '../core/errors.js';
import type { ContractCase } from '../core/exchange/types.js';
import { inferProducers, type ProducerMap } from '../core/resources/producers.js';
import { loadSpec } from '../core/spec/load-spec.js';
import { serverBasePath } from '../core/spec/servers.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { compileValidators, type SpecValidators } from '../core/validation/compile-validators.js';
import { createCaseSelector } from './case-filter.js';
import { buildCases, CASE_BUILDERS, type CaseBuilder, type CaseContext, createCaseContext } from './cases/index.js';
import { missingCredentials } from './credentials.js';
import { type ContractOptions, type NormalizedContractOptions, normalizeContractOptions } from './options.js';
import { planRerun, type RerunPlan } from './rerun/plan-rerun.js';
import { routeTwinNotes } from './route-twins.js';
import { sequencePrefixes } from './stateful/stateful-phase.js';

/** A run planned up to its static cases. */
export interface RunPlan {
  spec: LoadedSpec;
  /** The options, with the spec's server path added to the base URL when it has none. */
  settings: NormalizedContractOptions;
  /** The path of the spec's first server added to a --base-url without one (`/v1`); '' when none was. */
  serverPath: string;
  validators: SpecValidators;
  /** Notes said before the summary (operations no server can tell apart, an empty rerun). */
  notes: string[];
  producers: ProducerMap;
  context: CaseContext & { producers: ProducerMap };
  builders: readonly CaseBuilder[];
  /** The --rerun-failed plan; undefined for a normal run. */
  rerun: RerunPlan | undefined;
  /** Every static case (or the rerun's cases), before --only, --skip and --shard. */
  allCases: ContractCase[];
  operationIds: string[];
  /** True when --only and --skip select a case id. */
  filtered: (id: string) => boolean;
}

/** Normalise the options, load the spec and build the static cases. */
export async function planRun(options: ContractOptions): Promise<RunPlan> {
  const given = normalizeContractOptions(options);
  const spec = typeof given.spec === 'string' ? await loadSpec(given.spec) : given.spec;
  // A --base-url without a path gets the path of the spec's first server (`https://api.example.com/v1` -> `/v1`), OAS 4.8.5.
  const serverPath = ['', '/'].includes(new URL(given.baseUrl).pathname) ? serverBasePath(spec.servers) : '';
  const settings: NormalizedContractOptions = serverPath
    ? { ...given, baseUrl: `${given.baseUrl}${serverPath}` }
    : given;
  const validators = settings.validators ?? compileValidators(spec);
  requireCredentials(spec, settings);
  const scenarios =
    settings.contracts === false
      ? new Map()
      : await loadScenarios(settings.contracts, spec, settings.contractsRequired);
  // Operations no server can tell apart: said before any verdict that may be about the other one.
  const notes: string[] = routeTwinNotes(spec.operations);
  // Which answers feed which parameters (core/resources/producers.ts): known before any request, filled as the run goes.
  const producers = inferProducers(spec.operations);
  const context = {
    ...createCaseContext(spec, validators, { ...settings, scenarios, note: (text) => notes.push(text) }),
    producers,
  };
  const builders = [...CASE_BUILDERS, ...settings.extraCaseBuilders];
  // --rerun-failed: the report's failed cases, checked against this spec before any request, instead of built ones.
  const rerun = settings.rerun && planRerun(settings.rerun, spec, sequencePrefixes(spec, context));
  if (rerun && rerun.cases.length + rerun.sequences.length === 0)
    notes.push(`--rerun-failed: ${settings.rerun!.file} holds no failed case; nothing was sent`);
  const allCases = rerun ? rerun.cases : await buildCases(spec.operations, context, builders);
  const operationIds = spec.operations.map((operation) => operation.id);
  const filtered = createCaseSelector(settings, operationIds);
  return {
    spec,
    settings,
    serverPath,
    validators,
    notes,
    producers,
    context,
    builders,
    rerun,
    allCases,
    operationIds,
    filtered,
  };
}

/** Throws before any request when the spec requires credentials that are not configured. */
function requireCredentials(spec: LoadedSpec, settings: NormalizedContractOptions): void {
  const missing = missingCredentials(spec.operations, settings.credentials, settings.headers);
  if (!missing) return;
  const variables = missing.map((variable) => (variable === 'PLANTKIT_TOKEN' ? settings.tokenEnv : variable));
  throw new PlantkitError(
    'PLANTKIT_AUTH_MISSING',
    `the spec requires credentials but ${variables.join(' and ')} ${variables.length > 1 ? 'are' : 'is'} not set`,
    {
      hint: `export ${variables[0]!.split(' ')[0]}=<value>, or pass the credential's header with --header; the plantkit mock accepts any well-formed credential unless started with --token, --api-key or --basic`,
    },
  );
}
