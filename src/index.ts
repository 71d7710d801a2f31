/**
 * plantkit's public API. The CLI calls only functions exported here (a test
 * holds it to that); users' own test suites and scripts can do everything
 * the CLI does. vitest matchers live in `plantkit/vitest`.
 */
// Specs and validators

export { CHECKS } from './contract/checks/index.js';
export type { GeneratedSettings, RunEvent } from './contract/events.js';
export {
  CONTRACT_DEFAULTS,
  CONTRACT_FAIL_ON,
  type ContractOptions,
  PHASE_NAMES,
  type PhaseName,
} from './contract/options.js';
export { type RerunReport, readRerunReport } from './contract/rerun/read-report.js';
// Contract runs
export { runContract } from './contract/run-contract.js';
// Sharded runs and merged reports
export { parseShard, type Shard } from './contract/shard.js';
export { failsRun, specGapFixes } from './contract/spec-gaps.js';
export type {
  DistinctFailure,
  FailOn as ContractFailOn,
  RunResult,
  RunStop,
  SpecGap,
  StopReason,
} from './contract/types.js';
// Faults
export {
  ContractsError,
  DiffConfigError,
  type FaultCode,
  isPlantkitError,
  PlantkitError,
  ReportError,
  RulesetError,
  SpecError,
  TargetUnreachableError,
  UsageError,
} from './core/errors.js';
export { isCredentialHeader, type Secret } from './core/exchange/redact.js';
export type { StatefulExpectation } from './core/exchange/stateful-expectation.js';
export type {
  CaseKind,
  CaseResult,
  ContractCase,
  Exchange,
  Expectation,
  GeneratedDetails,
  GeneratedPhase,
  ResourceState,
  SequenceDetails,
  SequenceStep,
} from './core/exchange/types.js';
export type { Finding, FindingClass, Severity } from './core/findings.js';
export { exactNumberText, parseJson, setExactNumber, stringifyJson } from './core/json/exact-json.js';
// Collections of resources (the stateful mock and the runner's stateful phase)
export { inferCollections } from './core/resources/infer-collections.js';
export type { Collection, ResourceMap, ResourceRole } from './core/resources/types.js';
export type { Check, CheckContext } from './core/response/types.js';
// Credentials (security schemes: bearer, Basic, API keys, OAuth2, OpenID Connect)
export { type CredentialSet, credentialFor, credentialsFromEnv, schemeEnvName } from './core/security/credentials.js';
export { type LoadSpecOptions, loadSpec, type SpecInput } from './core/spec/load-spec.js';
export { DEFAULT_SPEC_FILE } from './core/spec/spec-source.js';
export type {
  LoadedSpec,
  MediaTypeContent,
  OpenApiVersion,
  Operation,
  OperationResponse,
  SchemaObject,
} from './core/spec/types.js';
export type { TextSink } from './core/text/text-sink.js';
export {
  type BodyValidator,
  compileValidators,
  findResponse,
  type SchemaViolation,
  type SpecValidators,
} from './core/validation/compile-validators.js';
// Version
export { plantkitVersion } from './core/version.js';
export { MOCK_CLI_DEFAULTS, MOCK_DEFAULTS, type MockOptions } from './mock/options.js';
// The mock
export { type RunningMock, startMock } from './mock/start-mock.js';
export { VIOLATIONS_HEADER } from './proxy/handle-exchange.js';
export { PROXY_DEFAULTS, type ProxyOptions } from './proxy/options.js';
// The validation proxy
export { type RunningProxy, startProxy } from './proxy/start-proxy.js';
export { FAIL_ON, type FailOn as ProxyFailOn, failsOn } from './proxy/summary.js';
export type { ProxyEvent, ProxyExchange, ProxySummary, ProxyViolation, ViolationSide } from './proxy/types.js';
export { type ConsoleReporterOptions, createConsoleReporter } from './report/console-reporter.js';
export type { ContractReport } from './report/contract-report.js';
export { createGithubReporter, type GithubReporterOptions } from './report/github-reporter.js';
export { createHarReporter, type HarReporterOptions } from './report/har-reporter.js';
export { createHtmlReporter, type HtmlReporterOptions } from './report/html/html-reporter.js';
export { createJsonReporter, type JsonReporterOptions } from './report/json-reporter.js';
export { createJunitReporter, type JunitReporterOptions } from './report/junit-reporter.js';
export { type MergedRun, mergeReports } from './report/merge/merge-reports.js';
export { type ReadReport, readReports } from './report/merge/read-reports.js';
export { type MergedOutput, renderMerged } from './report/merge/render-merged.js';
export { createOverlayReporter, type OverlayReporterOptions } from './report/overlay-reporter.js';
export { createProxyHtmlReporter, type ProxyHtmlReporterOptions } from './report/proxy-html-reporter.js';
export { createProxyJsonReporter, type ProxyJsonReporterOptions } from './report/proxy-json-reporter.js';
export { createProxyJunitReporter, type ProxyJunitReporterOptions } from './report/proxy-junit-reporter.js';
export { createProxyLogReporter, type ProxyLogReporterOptions } from './report/proxy-log-reporter.js';
export { PROXY_REPORTER_NAMES, type ProxyReporter, type ProxyReporterName } from './report/proxy-reporter.js';
export { checkReportFile, type ReportTarget, writeReportFile } from './report/report-target.js';
// Reporters of contract runs
export type { Reporter, ReporterName } from './report/reporter.js';
export { REPORTER_NAMES } from './report/reporter.js';
export type { RunVerdict } from './report/run-verdict.js';
export { type OverlayAction, type OverlayDocument, specGapOverlay } from './report/spec-gap-overlay.js';
export { colorEnabled } from './report/style.js';
// Spec checks and spec diffs
export { checkSpec, type SpecCheckResult } from './spec-check/check-spec.js';
export { CHECK_DEFAULTS, type CheckSpecOptions } from './spec-check/options.js';
export {
  type CheckFormatName,
  DEFAULT_FAIL_SEVERITY,
  FAIL_SEVERITIES,
  type FailSeverity,
  isFailing,
  renderCheckResult,
} from './spec-check/report.js';
export type { SpecFinding, SpecFindingSeverity } from './spec-check/types.js';
export { type DiffSpecsOptions, diffSpecs, type SpecDiffResult } from './spec-diff/diff-specs.js';
export {
  DIFF_FORMATS,
  type DiffFormatName,
  type DiffFormatter,
  renderBytes,
  renderPieces,
} from './spec-diff/formats/index.js';
export { DIFF_DEFAULTS } from './spec-diff/options.js';
export type { IgnoredChange } from './spec-diff/policy/apply-policy.js';
export {
  DIFF_CONFIG_FILE,
  type DiffConfig,
  FAIL_ON_VALUES,
  type FailOn as DiffFailOn,
  type LevelSetting,
  loadDiffConfig,
} from './spec-diff/policy/diff-config.js';
export { type IgnoreEntry, loadIgnoreFile } from './spec-diff/policy/ignore-file.js';
export { type DiffPolicy, type DiffPolicyRequest, loadDiffPolicy } from './spec-diff/policy/load-policy.js';
export { DEFAULT_FAIL_ON, diffFails } from './spec-diff/policy/verdict.js';
export { DIFF_RULES } from './spec-diff/rules/index.js';
export type { Change, ChangeLevel, DiffRule } from './spec-diff/types.js';
