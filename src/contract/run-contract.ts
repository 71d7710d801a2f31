/**
 * A contract run: load the spec, compile the validators, build the cases,
 * send them one by one, run every check on every exchange, emit events.
 * Findings are results; only faults (bad options, unreadable spec or
 * contracts, unreachable target, missing token) throw.
 */
import { PlantkitError } from '../errors.js';
import { createHttpClient, type HttpClient } from '../http/http-client.js';
import { loadSpec } from '../spec/load-spec.js';
import { compileValidators } from '../validation/compile-validators.js';
import { buildCases, CASE_BUILDERS, integerCounter, type CaseContext } from './cases/index.js';
import { requiresCredentials } from '../spec/security.js';
import { analyseExchange, CHECKS, type Check, type CheckContext } from './checks/index.js';
import { loadScenarios } from './contracts-file.js';
import { normalizeContractOptions, type ContractOptions, type NormalizedContractOptions } from './options.js';
import type { ContractPhase, PhaseSession } from './phase.js';
import { propertyPhase } from './property/property-phase.js';
import type { CaseResult, ContractCase, Exchange, RunResult } from './types.js';

/** Phases that run after the static cases, in order (see phase.ts). */
const PHASES: readonly ContractPhase[] = [propertyPhase];

/** Run the contract cases against `options.baseUrl` and return the verdict. */
export async function runContract(options: ContractOptions): Promise<RunResult> {
  const settings = normalizeContractOptions(options);
  const spec = typeof settings.spec === 'string' ? await loadSpec(settings.spec) : settings.spec;
  const validators = settings.validators ?? compileValidators(spec);
  if (settings.token === undefined && spec.operations.some(requiresCredentials)) {
    throw new PlantkitError('PLANTKIT_AUTH_MISSING', `the spec requires credentials but ${settings.tokenEnv} is not set`, {
      hint: `export ${settings.tokenEnv}=<token>; the plantkit mock accepts any non-empty token unless started with --token`,
    });
  }
  const scenarios = settings.contracts === false ? new Map() : await loadScenarios(settings.contracts, spec, settings.contractsRequired);
  const context: CaseContext = { validators, token: settings.token, nextInteger: integerCounter(settings.integerBase), scenarios };
  const cases = selectCases(buildCases(spec.operations, context, [...CASE_BUILDERS, ...settings.extraCaseBuilders]), settings);
  const checkContext: CheckContext = { validators, strict: settings.strict };
  const checks = settings.checks ?? CHECKS;

  const client = createHttpClient({ timeoutMs: settings.timeoutMs, maxBodyBytes: settings.maxBodyBytes, ...(settings.dispatcher ? { dispatcher: settings.dispatcher } : {}) });
  const started = performance.now();
  const results: CaseResult[] = [];
  try {
    if (!settings.dispatcher) await client.probe(settings.baseUrl);
    const generated = settings.generated ? { generated: { seed: settings.seed, maxCases: settings.maxCases, phases: settings.phases } } : {};
    settings.onEvent({ type: 'run-started', baseUrl: settings.baseUrl, spec, total: cases.length, strict: settings.strict, ...generated });
    for (const [index, contractCase] of cases.entries()) {
      const result = await runCase(contractCase, client, checks, checkContext, settings);
      results.push(result);
      settings.onEvent({ type: 'case-finished', result, index, total: cases.length });
    }
    const session: PhaseSession = {
      spec,
      settings,
      context,
      results,
      execute: (contractCase) => runCase(contractCase, client, checks, checkContext, settings),
      record: (result) => {
        results.push(result);
        settings.onEvent({ type: 'case-finished', result, index: results.length - 1, total: Math.max(cases.length, results.length) });
      },
      selected: (id) => isSelected(id, settings),
    };
    for (const phase of PHASES) if (phase.enabled(settings)) await phase.run(session);
  } finally {
    await client.close();
  }
  const result = summarise(settings.baseUrl, results, Math.round(performance.now() - started));
  settings.onEvent({ type: 'run-finished', result });
  return result;
}

/** Send one case and check what came back. */
export async function runCase(
  contractCase: ContractCase,
  client: HttpClient,
  checks: readonly Check[],
  context: CheckContext,
  settings: Pick<NormalizedContractOptions, 'baseUrl'>,
): Promise<CaseResult> {
  const url = settings.baseUrl + contractCase.request.path;
  if (contractCase.skip) {
    return { case: contractCase, exchange: { case: contractCase, url, durationMs: 0 }, findings: [], verdict: 'skipped' };
  }
  const sent = await client.send({ url, ...contractCase.request });
  const exchange: Exchange = { case: contractCase, url, durationMs: sent.durationMs, ...(sent.response ? { response: sent.response } : {}), ...(sent.failure ? { failure: sent.failure } : {}) };
  const analysed = analyseExchange(exchange);
  const findings = checks.flatMap((check) => check.run(analysed, context));
  return { case: contractCase, exchange, findings, verdict: findings.some((item) => item.severity === 'error') ? 'failed' : 'passed' };
}

function selectCases(cases: ContractCase[], settings: NormalizedContractOptions): ContractCase[] {
  return cases.filter((item) => isSelected(item.id, settings));
}

/** --only and --skip: a case id is selected when it starts with an --only prefix (if any) and with no --skip prefix. */
function isSelected(id: string, settings: Pick<NormalizedContractOptions, 'only' | 'skip'>): boolean {
  const matches = (prefixes: readonly string[]) => prefixes.some((prefix) => id === prefix || id.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  return (settings.only.length === 0 || matches(settings.only)) && !matches(settings.skip);
}

function summarise(baseUrl: string, results: CaseResult[], durationMs: number): RunResult {
  const count = (verdict: CaseResult['verdict']) => results.filter((result) => result.verdict === verdict).length;
  return { baseUrl, results, passed: count('passed'), failed: count('failed'), skipped: count('skipped'), durationMs };
}

