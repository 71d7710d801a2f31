/**
 * plantkit's public API. The CLI uses nothing else; users' own test suites
 * and scripts can do everything the CLI does.
 */
export { loadSpec, type LoadSpecOptions, type SpecInput } from './spec/load-spec.js';
export type { LoadedSpec, Operation, OperationResponse, MediaTypeContent, OpenApiVersion, SchemaObject } from './spec/types.js';
export { compileValidators, findResponse, type SpecValidators, type BodyValidator, type SchemaViolation } from './validation/compile-validators.js';
export { runContract } from './contract/run-contract.js';
export { CONTRACT_DEFAULTS, type ContractOptions } from './contract/options.js';
export type { RunEvent, GeneratedSettings } from './contract/events.js';
export type { CaseResult, ContractCase, Exchange, RunResult, CaseKind, Expectation, GeneratedDetails, GeneratedPhase } from './contract/types.js';
export { CHECKS, type Check, type CheckContext } from './contract/checks/index.js';
export type { Finding, Severity } from './findings.js';
export { parseJson, stringifyJson, setExactNumber, exactNumberText } from './json/exact-json.js';
export { PlantkitError, type FaultCode } from './errors.js';
