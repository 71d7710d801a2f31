/**
 * Options of a contract run, normalised once with every default spelled out
 * here (STYLE habit 7); downstream code never re-defaults.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Dispatcher } from 'undici';
import { UsageError } from '../core/errors.js';
import type { GeneratedPhase } from '../core/exchange/types.js';
import { EXCHANGE_LIMITS } from '../core/http/exchange-limits.js';
import type { Check } from '../core/response/types.js';
import type { CredentialSet } from '../core/security/credentials.js';
import { DEFAULT_SPEC_FILE } from '../core/spec/spec-source.js';
import type { LoadedSpec } from '../core/spec/types.js';
import type { SpecValidators } from '../core/validation/compile-validators.js';
import type { CaseBuilder } from './cases/index.js';
import type { RunEvent } from './events.js';
import {
  checkSeed,
  count,
  normalizeHeaders,
  oneOfValues,
  parseBaseUrl,
  positive,
  ranged,
  transportFailures,
} from './option-values.js';
import type { RerunReport } from './rerun/read-report.js';
import type { RetainedDetail } from './retained-result.js';
import { parseShard, type Shard } from './shard.js';
import type { FailOn } from './types.js';

/** Defaults of {@link ContractOptions}. */
export const CONTRACT_DEFAULTS = {
  timeoutMs: EXCHANGE_LIMITS.timeoutMs,
  maxBodyBytes: EXCHANGE_LIMITS.maxBodyBytes,
  spec: DEFAULT_SPEC_FILE,
  strict: false,
  tokenEnv: 'PLANTKIT_TOKEN',
  /** Generated (property-based) cases run after the static ones. */
  generated: true,
  /**
   * Random cases per operation in each random phase. fast-check's and
   * Schemathesis' default; finds every bug of test/apps in well under a
   * second against a local server (docs/property-cases.md).
   */
  maxCases: 100,
  /** Requests spent shrinking one failure; enough to cut a 256-character string down to its failing length. */
  maxShrinks: 500,
  phases: ['boundary', 'positive', 'negative'] as readonly GeneratedPhase[],
  /**
   * The stateful phase (sequences that follow a resource across calls) runs
   * after the generated cases wherever the spec has a collection to follow;
   * `--phases` names it `stateful`, `--no-stateful` turns it off.
   */
  stateful: true,
  /**
   * --max-cases per random stateful sequence: the default 100 sends, per
   * collection, the lifecycle sequence and 5 random ones (about 70 requests).
   */
  casesPerSequence: 20,
  /**
   * Most time one operation's generated cases may take (--operation-budget):
   * a default run against a local server needs well under a second per
   * operation, so this only bounds slow servers and huge schemas.
   */
  operationBudgetMs: 10_000,
  /**
   * Most time all generated cases together may take (--generated-budget),
   * shared out fairly among the operations (docs/property-cases.md, Budget):
   * a spec of 1,000 operations finishes in minutes, not hours.
   */
  generatedBudgetMs: 300_000,
  /** Largest seed: fast-check seeds are 32-bit integers; non-negative ones read better. */
  maxSeed: 2 ** 31 - 1,
  /** Cases in flight at once; 1 sends them one after the other. */
  workers: 1,
  /** Most workers: more only queues at the target. */
  maxWorkers: 64,
  /**
   * Requests in a row that got no response (timeout, refused or dropped
   * connection) before the run stops sending: a dead target costs three
   * timeouts, not one per case.
   */
  maxTransportFailures: 3,
  /** Spec gaps (undocumented statuses HTTP calls for) are listed, not failed: `--fail-on spec-gap` fails them. */
  failOn: 'failure' as FailOn,
  /**
   * Recorded results keep their response bodies for library callers that read
   * them; the CLI, whose reporters have seen every result, keeps a passed
   * result's verdict only (`verdicts`, retained-result.ts).
   */
  retainDetail: 'all' as RetainedDetail,
} as const;

/** What a contract run needs. Only `baseUrl` and `spec` are required. */
export interface ContractOptions {
  /** Where the implementation under test listens, e.g. `https://staging.example.com/api`. */
  baseUrl: string;
  /** A spec path, or a spec already loaded with `loadSpec`. */
  spec: string | LoadedSpec;
  /** Validators compiled from the same spec (compiled on demand when absent). */
  validators?: SpecValidators;
  /** The bearer token (HTTP bearer, OAuth2, OpenID Connect; apiKey schemes too when `credentials.apiKey` is absent). Never printed. */
  token?: string;
  /** Other credentials: an API key, a Basic `user:password`, values by scheme name (core/security/credentials.ts). Never printed. */
  credentials?: { apiKey?: string; basic?: string; byScheme?: Record<string, string> };
  /** Name of the variable the token came from, shown in curl lines instead of the token. */
  tokenEnv?: string;
  /** Per-request deadline in ms (default 10000). */
  timeoutMs?: number;
  /** Stop reading a response body after this many bytes (default 10 MiB). */
  maxBodyBytes?: number;
  /** Also flag response properties the schema does not declare (default false). */
  strict?: boolean;
  /** contracts/ folder; default `contracts` beside the spec; false to load none. */
  contracts?: string | false;
  /** Only run cases whose id starts with one of these prefixes. */
  only?: readonly string[];
  /** Skip cases whose id starts with one of these prefixes. */
  skip?: readonly string[];
  /** Extra case builders (property-based cases plug in here). */
  extraCaseBuilders?: readonly CaseBuilder[];
  /** Checks to run (default: all built-in checks). */
  checks?: readonly Check[];
  /** Receives progress events; reporters subscribe here. */
  onEvent?: (event: RunEvent) => void;
  /** Inject an undici dispatcher (proxies, tests). */
  dispatcher?: Dispatcher;
  /**
   * First value of the unique-integer counter of the static cases (default:
   * from the seed, 10^12 + (seed × 1,000,003 mod 9 × 10^11): the same --seed
   * sends the same static cases, and runs with other seeds start far apart,
   * at 13-digit values as the clock-based start before it).
   */
  integerBase?: bigint;
  /** Run the generated (property-based) cases after the static ones (default true). */
  generated?: boolean;
  /** Seed of the generated cases, 0 to 2^31-1 (default: random, announced in the run-started event). */
  seed?: number;
  /** Random cases per operation in each random phase (default 100). */
  maxCases?: number;
  /** Requests spent shrinking one failure (default 500; 0 reports failures unshrunk). */
  maxShrinks?: number;
  /** Which phases run (default all: boundary, positive, negative, stateful). */
  phases?: readonly PhaseName[];
  /** Follow resources across calls after the generated cases (default true, where the spec has collections; docs/stateful.md). */
  stateful?: boolean;
  /** Most ms one operation's generated cases may take (default 10000). */
  operationBudgetMs?: number;
  /** Most ms all generated cases together may take, shared among the operations (default 300000). */
  generatedBudgetMs?: number;
  /** Extra request headers sent with every case (`X-Api-Key`, a Basic Authorization); a case's own headers win. */
  headers?: Readonly<Record<string, string>>;
  /** Static cases in flight at once (default 1); results are reported in case order either way. */
  workers?: number;
  /** Most requests per second (fractions allowed: 0.5 is one every 2 s); default no limit. */
  rateLimit?: number;
  /** Overall budget in ms: when it runs out the run stops sending and reports the rest as not run. */
  maxDurationMs?: number;
  /** Requests in a row without a response that stop the run (default 3; 0 never stops). */
  maxTransportFailures?: number;
  /** Aborting it (Ctrl-C) stops the run: requests in flight end, the rest are reported as not run. */
  signal?: AbortSignal;
  /**
   * Send again only the failed cases and sequences of an earlier JSON report
   * (`--rerun-failed`, contract/rerun/): no case is built, no generated case
   * runs; the sequences replay from the report's seed.
   */
  rerun?: RerunReport;
  /** What fails the run: `failure` (default) or `spec-gap` (spec gaps too; `--fail-on spec-gap`). */
  failOn?: FailOn;
  /** Run only this share of the operations (`--shard i/n`, contract/shard.ts); default all. */
  shard?: Shard;
  /** Which results in `RunResult.results` keep their detail once reported: `all` (default), `failures` (passed ones drop their response bodies) or `verdicts` (passed ones keep only what the run reads later; retained-result.ts). */
  retainDetail?: RetainedDetail;
}

/** {@link ContractOptions} with every default applied. */
export interface NormalizedContractOptions {
  baseUrl: string;
  spec: string | LoadedSpec;
  validators: SpecValidators | undefined;
  token: string | undefined;
  /** Every credential of the run: the token as `bearer`, and the others. */
  credentials: CredentialSet;
  tokenEnv: string;
  timeoutMs: number;
  maxBodyBytes: number;
  strict: boolean;
  contracts: string | false;
  contractsRequired: boolean;
  only: readonly string[];
  skip: readonly string[];
  extraCaseBuilders: readonly CaseBuilder[];
  checks: readonly Check[] | undefined;
  onEvent: (event: RunEvent) => void;
  dispatcher: Dispatcher | undefined;
  integerBase: bigint;
  generated: boolean;
  seed: number;
  maxCases: number;
  maxShrinks: number;
  phases: readonly GeneratedPhase[];
  /** The stateful phase runs: generated cases on, not turned off, and named by --phases when that is given. */
  stateful: boolean;
  operationBudgetMs: number;
  generatedBudgetMs: number;
  headers: Readonly<Record<string, string>>;
  workers: number;
  rateLimit: number | undefined;
  maxDurationMs: number | undefined;
  maxTransportFailures: number;
  signal: AbortSignal | undefined;
  rerun: RerunReport | undefined;
  failOn: FailOn;
  shard: Shard | undefined;
  retainDetail: RetainedDetail;
}

/** Validate and default the options; throws UsageError on a bad value, before any network work. */
export function normalizeContractOptions(options: ContractOptions): NormalizedContractOptions {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? CONTRACT_DEFAULTS.timeoutMs;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new UsageError(`--timeout must be a positive number of milliseconds, got ${String(options.timeoutMs)}`);
  const maxBodyBytes = options.maxBodyBytes ?? CONTRACT_DEFAULTS.maxBodyBytes;
  checkSeed(options.seed, CONTRACT_DEFAULTS.maxSeed);
  // A rerun replays its report's sequences from the seed that planned them.
  const seed = options.seed ?? options.rerun?.seed ?? randomInt(0, CONTRACT_DEFAULTS.maxSeed);
  const specPath = typeof options.spec === 'string' ? options.spec : options.spec.source;
  const defaultContracts =
    specPath === '<inline>' ? false : path.join(path.dirname(path.resolve(specPath)), 'contracts');
  return {
    baseUrl,
    spec: options.spec,
    validators: options.validators,
    token: options.token === '' ? undefined : options.token,
    credentials: {
      bearer: options.token || undefined,
      apiKey: options.credentials?.apiKey || undefined,
      basic: options.credentials?.basic || undefined,
      byScheme: Object.fromEntries(
        Object.entries(options.credentials?.byScheme ?? {}).filter(([, value]) => value !== ''),
      ),
    },
    tokenEnv: options.tokenEnv ?? CONTRACT_DEFAULTS.tokenEnv,
    timeoutMs,
    maxBodyBytes,
    strict: options.strict ?? CONTRACT_DEFAULTS.strict,
    contracts: options.contracts ?? defaultContracts,
    contractsRequired: options.contracts !== undefined && options.contracts !== false,
    only: options.only ?? [],
    skip: options.skip ?? [],
    extraCaseBuilders: options.extraCaseBuilders ?? [],
    checks: options.checks,
    onEvent: options.onEvent ?? (() => {}),
    dispatcher: options.dispatcher,
    integerBase: options.integerBase ?? 1_000_000_000_000n + ((BigInt(seed) * 1_000_003n) % 900_000_000_000n),
    generated: options.generated ?? CONTRACT_DEFAULTS.generated,
    seed,
    maxCases: count('max-cases', options.maxCases, CONTRACT_DEFAULTS.maxCases),
    maxShrinks: count('max-shrinks', options.maxShrinks, CONTRACT_DEFAULTS.maxShrinks),
    phases: options.rerun ? [] : parsePhases(options.phases),
    stateful: options.rerun
      ? options.rerun.sequences.length > 0
      : (options.generated ?? CONTRACT_DEFAULTS.generated) &&
        (options.stateful ?? CONTRACT_DEFAULTS.stateful) &&
        (options.phases === undefined || options.phases.includes('stateful')),
    operationBudgetMs: positive('operation-budget', options.operationBudgetMs) ?? CONTRACT_DEFAULTS.operationBudgetMs,
    generatedBudgetMs: positive('generated-budget', options.generatedBudgetMs) ?? CONTRACT_DEFAULTS.generatedBudgetMs,
    headers: normalizeHeaders(options.headers ?? {}),
    workers: ranged('workers', options.workers ?? CONTRACT_DEFAULTS.workers, 1, CONTRACT_DEFAULTS.maxWorkers),
    rateLimit: positive('rate-limit', options.rateLimit),
    maxDurationMs: positive('max-duration', options.maxDurationMs),
    maxTransportFailures: transportFailures(options.maxTransportFailures, CONTRACT_DEFAULTS.maxTransportFailures),
    signal: options.signal,
    rerun: options.rerun,
    failOn: oneOfValues('fail-on', options.failOn, CONTRACT_FAIL_ON, CONTRACT_DEFAULTS.failOn),
    shard: options.shard === undefined ? undefined : parseShard(`${options.shard.index}/${options.shard.count}`),
    retainDetail: options.retainDetail ?? CONTRACT_DEFAULTS.retainDetail,
  };
}

/** Values `--fail-on` takes, mildest first. */
export const CONTRACT_FAIL_ON: readonly FailOn[] = ['failure', 'spec-gap'];

/** Every phase `--phases` may name: the generated ones, then the stateful one. */
export const PHASE_NAMES: readonly PhaseName[] = [...CONTRACT_DEFAULTS.phases, 'stateful'];

/** A phase of generated cases, or the stateful phase. */
export type PhaseName = GeneratedPhase | 'stateful';

function parsePhases(phases: readonly string[] | undefined): readonly GeneratedPhase[] {
  if (phases === undefined) return CONTRACT_DEFAULTS.phases;
  const unknown = phases.filter((phase) => !PHASE_NAMES.includes(phase as PhaseName));
  if (unknown.length > 0) throw new UsageError(`unknown phase '${unknown[0]}'`, `phases: ${PHASE_NAMES.join(', ')}`);
  // Phases always run in their own order, whatever order they were named in.
  return CONTRACT_DEFAULTS.phases.filter((phase) => phases.includes(phase));
}
