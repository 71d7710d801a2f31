/**
 * plantkit's public API. The CLI calls only functions exported here (a test
 * holds it to that); users' own test suites and scripts can do everything
 * the CLI does. vitest matchers live in `plantkit/vitest`.
 */
// Specs and validators
export { loadSpec, type LoadSpecOptions, type SpecInput } from './core/spec/load-spec.js';
export { DEFAULT_SPEC_FILE } from './core/spec/spec-source.js';
export type {
  LoadedSpec,
  Operation,
  OperationResponse,
  MediaTypeContent,
  OpenApiVersion,
  SchemaObject,
} from './core/spec/types.js';
export {
  compileValidators,
  findResponse,
  type SpecValidators,
  type BodyValidator,
  type SchemaViolation,
} from './core/validation/compile-validators.js';
export { parseJson, stringifyJson, setExactNumber, exactNumberText } from './core/json/exact-json.js';

// Credentials (security schemes: bearer, Basic, API keys, OAuth2, OpenID Connect)
export { credentialFor, credentialsFromEnv, schemeEnvName, type CredentialSet } from './core/security/credentials.js';

// Contract runs
export { runContract } from './contract/run-contract.js';
export {
  CONTRACT_DEFAULTS,
  CONTRACT_FAIL_ON,
  PHASE_NAMES,
  type ContractOptions,
  type PhaseName,
} from './contract/options.js';
export { failsRun, specGapFixes } from './contract/spec-gaps.js';
export { readRerunReport, type RerunReport } from './contract/rerun/read-report.js';
export type { RunEvent, GeneratedSettings } from './contract/events.js';
export type {
  RunResult,
  RunStop,
  StopReason,
  SpecGap,
  DistinctFailure,
  FailOn as ContractFailOn,
} from './contract/types.js';
export type {
  CaseResult,
  ContractCase,
  Exchange,
  CaseKind,
  Expectation,
  GeneratedDetails,
  GeneratedPhase,
  SequenceDetails,
  SequenceStep,
  ResourceState,
} from './core/exchange/types.js';
export type { StatefulExpectation } from './core/exchange/stateful-expectation.js';
export { CHECKS } from './contract/checks/index.js';
export { type Check, type CheckContext } from './core/response/types.js';
export { isCredentialHeader, type Secret } from './core/exchange/redact.js';
export type { Finding, FindingClass, Severity } from './core/findings.js';

// Reporters of contract runs
export type { Reporter, ReporterName } from './report/reporter.js';
export type { TextSink } from './core/text/text-sink.js';
export { REPORTER_NAMES } from './report/reporter.js';
export { createConsoleReporter, type ConsoleReporterOptions } from './report/console-reporter.js';
export { createJsonReporter, type JsonReporterOptions } from './report/json-reporter.js';
export { createJunitReporter, type JunitReporterOptions } from './report/junit-reporter.js';
export { createGithubReporter, type GithubReporterOptions } from './report/github-reporter.js';
export { writeReportFile, checkReportFile, type ReportTarget } from './report/report-target.js';
export { colorEnabled } from './report/style.js';
export { createOverlayReporter, type OverlayReporterOptions } from './report/overlay-reporter.js';
export { specGapOverlay, type OverlayAction, type OverlayDocument } from './report/spec-gap-overlay.js';
export { createHarReporter, type HarReporterOptions } from './report/har-reporter.js';
export { createHtmlReporter, type HtmlReporterOptions } from './report/html/html-reporter.js';
export { createProxyHtmlReporter, type ProxyHtmlReporterOptions } from './report/proxy-html-reporter.js';
export type { RunVerdict } from './report/run-verdict.js';

// Sharded runs and merged reports
export { parseShard, type Shard } from './contract/shard.js';
export { readReports, type ReadReport } from './report/merge/read-reports.js';
export { mergeReports, type MergedRun } from './report/merge/merge-reports.js';
export { renderMerged, type MergedOutput } from './report/merge/render-merged.js';
export type { ContractReport } from './report/contract-report.js';

// The mock
export { startMock, type RunningMock } from './mock/start-mock.js';
export { MOCK_DEFAULTS, MOCK_CLI_DEFAULTS, type MockOptions } from './mock/options.js';

// Collections of resources (the stateful mock and the runner's stateful phase)
export { inferCollections } from './core/resources/infer-collections.js';
export type { Collection, ResourceMap, ResourceRole } from './core/resources/types.js';

// The validation proxy
export { startProxy, type RunningProxy } from './proxy/start-proxy.js';
export { PROXY_DEFAULTS, type ProxyOptions } from './proxy/options.js';
export { FAIL_ON, failsOn, type FailOn as ProxyFailOn } from './proxy/summary.js';
export { VIOLATIONS_HEADER } from './proxy/handle-exchange.js';
export type { ProxyEvent, ProxyExchange, ProxySummary, ProxyViolation, ViolationSide } from './proxy/types.js';
export { PROXY_REPORTER_NAMES, type ProxyReporter, type ProxyReporterName } from './report/proxy-reporter.js';
export { createProxyLogReporter, type ProxyLogReporterOptions } from './report/proxy-log-reporter.js';
export { createProxyJsonReporter, type ProxyJsonReporterOptions } from './report/proxy-json-reporter.js';
export { createProxyJunitReporter, type ProxyJunitReporterOptions } from './report/proxy-junit-reporter.js';

// Spec checks and spec diffs
export { checkSpec, type SpecCheckResult } from './spec-check/check-spec.js';
export { CHECK_DEFAULTS, type CheckSpecOptions } from './spec-check/options.js';
export {
  renderCheckResult,
  isFailing,
  FAIL_SEVERITIES,
  DEFAULT_FAIL_SEVERITY,
  type CheckFormatName,
  type FailSeverity,
} from './spec-check/report.js';
export type { SpecFinding, SpecFindingSeverity } from './spec-check/types.js';
export { diffSpecs, type DiffSpecsOptions, type SpecDiffResult } from './spec-diff/diff-specs.js';
export {
  DIFF_FORMATS,
  renderBytes,
  renderPieces,
  type DiffFormatter,
  type DiffFormatName,
} from './spec-diff/formats/index.js';
export { DIFF_RULES } from './spec-diff/rules/index.js';
export type { Change, ChangeLevel, DiffRule } from './spec-diff/types.js';
export { DIFF_DEFAULTS } from './spec-diff/options.js';
export {
  loadDiffConfig,
  DIFF_CONFIG_FILE,
  FAIL_ON_VALUES,
  type DiffConfig,
  type FailOn as DiffFailOn,
  type LevelSetting,
} from './spec-diff/policy/diff-config.js';
export { loadIgnoreFile, type IgnoreEntry } from './spec-diff/policy/ignore-file.js';
export { loadDiffPolicy, type DiffPolicy, type DiffPolicyRequest } from './spec-diff/policy/load-policy.js';
export { diffFails, DEFAULT_FAIL_ON } from './spec-diff/policy/verdict.js';
export type { IgnoredChange } from './spec-diff/policy/apply-policy.js';

// Version
export { plantkitVersion } from './core/version.js';

// Faults
export {
  PlantkitError,
  UsageError,
  SpecError,
  ContractsError,
  TargetUnreachableError,
  RulesetError,
  DiffConfigError,
  ReportError,
  isPlantkitError,
  type FaultCode,
} from './core/errors.js';
