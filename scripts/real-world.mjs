/**
 * The real-world loop: for each spec of a seeded sample of public API
 * descriptions (corpus.mjs), start plantkit's mock on it and run plantkit's
 * own contract run against that mock, as a user would in one shell: every
 * credential the spec asks for set (PLANTKIT_TOKEN, PLANTKIT_API_KEY,
 * PLANTKIT_BASIC, PLANTKIT_AUTH_<NAME>), the mock pinned to the same values
 * and the runner sending them. Each spec runs twice: against `mock` and
 * against `mock --stateful` with the contract run's stateful phase. The kit
 * must agree with itself: no 5xx from the mock, no failed case, no crash.
 * Uses only the public API of the built package (dist/).
 *
 *   node scripts/real-world.mjs [count] [--static] [--stateless|--stateful] [--max-operations N]
 *                               [--only ID]... [--json FILE]
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { credentialsFromEnv, loadSpec, runContract, schemeEnvName, startMock } from '../dist/index.js';
import { sampleCorpus } from './corpus.mjs';

/** The two runs of every spec: the plain mock, and the stateful mock with the stateful phase. */
export const MODES = ['stateless', 'stateful'];

/**
 * The environment a user would set for `spec`: one variable per kind of
 * credential its operations ask for (core/security/credentials.ts), with values
 * any scheme accepts. Variables of kinds the spec does not use stay unset.
 */
export function credentialEnv(spec) {
  const env = {};
  for (const scheme of spec.operations.flatMap((operation) => operation.security.flat())) {
    if (scheme.type === 'apiKey') env.PLANTKIT_API_KEY = 'real-world-key';
    else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') env.PLANTKIT_BASIC = 'real:world';
    else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() !== 'bearer')
      env[schemeEnvName(scheme.name)] = 'real-world-credential';
    else if (scheme.type !== 'mutualTLS') env.PLANTKIT_TOKEN = 'real-world-token';
  }
  return env;
}

/**
 * The operations a run tests: all of them, or for a spec with more than
 * `max`, whole resource families (a collection path with its item path,
 * `/pets` and `/pets/{id}`, so the stateful phase still finds its
 * collections) drawn with `seed` until `max` operations are reached. The
 * mock always serves the whole spec.
 */
export function operationsToTest(operations, max, seed = 1) {
  if (max === undefined || operations.length <= max) return operations;
  const families = new Map();
  for (const operation of operations) {
    const key = operation.path.replace(/\/\{[^}/]+\}$/, '');
    families.set(key, [...(families.get(key) ?? []), operation]);
  }
  const keys = [...families.keys()].sort();
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const chosen = new Set();
  let count = 0;
  while (count < max && keys.length > 0) {
    const key = keys.splice(Math.floor(random() * keys.length), 1)[0];
    chosen.add(key);
    count += families.get(key).length;
  }
  return operations.filter((operation) => chosen.has(operation.path.replace(/\/\{[^}/]+\}$/, '')));
}

/** One spec through the loop in each of `modes`; never throws. */
export async function checkSpec(spec, options = {}) {
  const outcome = {
    id: spec.id,
    bytes: spec.bytes,
    version: spec.version,
    operations: 0,
    tested: 0,
    runs: {},
    error: undefined,
  };
  let loaded;
  try {
    loaded = await loadSpec(spec.file);
    outcome.operations = loaded.operations.length;
    outcome.tested = operationsToTest(loaded.operations, options.maxOperations).length;
  } catch (error) {
    outcome.error = firstLine(error);
    return outcome;
  }
  const env = credentialEnv(loaded);
  outcome.credentials = Object.keys(env).sort();
  for (const mode of options.modes ?? MODES) outcome.runs[mode] = await checkMode(loaded, env, mode, options);
  return outcome;
}

/** One run: the mock in `mode`, pinned to `env`'s credentials, and the contract run against it. */
async function checkMode(loaded, env, mode, options) {
  const run = {
    started: false,
    startMs: undefined,
    cases: 0,
    failed: 0,
    skipped: 0,
    cut: false,
    serverErrors: 0,
    failures: [],
    error: undefined,
    durationMs: 0,
  };
  const begun = performance.now();
  const credentials = credentialsFromEnv(env);
  let mock;
  try {
    mock = await startMock({
      spec: loaded,
      port: 0,
      dynamic: options.dynamic ?? false,
      stateful: mode === 'stateful',
      ...(credentials.bearer ? { token: credentials.bearer } : {}),
      ...(credentials.apiKey ? { apiKey: credentials.apiKey } : {}),
      ...(credentials.basic ? { basic: credentials.basic } : {}),
      credentials: credentials.byScheme,
    });
    run.startMs = Math.round(performance.now() - begun);
    run.started = true;
    const generated = options.generated ?? true;
    // Static cases only: no generated phase; the stateful run keeps its stateful phase.
    const phases = generated ? undefined : mode === 'stateful' ? ['stateful'] : [];
    const result = await runContract({
      baseUrl: mock.url,
      spec: { ...loaded, operations: operationsToTest(loaded.operations, options.maxOperations) },
      ...(credentials.bearer ? { token: credentials.bearer } : {}),
      credentials: { apiKey: credentials.apiKey, basic: credentials.basic, byScheme: credentials.byScheme },
      contracts: false,
      generated: generated || mode === 'stateful',
      stateful: mode === 'stateful',
      ...(phases ? { phases } : {}),
      maxCases: options.maxCases ?? 5,
      maxShrinks: 20,
      timeoutMs: 15_000,
      workers: 4,
      seed: 1,
      maxDurationMs: options.maxDurationMs ?? 600_000,
    });
    run.cases = result.results.length;
    run.failed = result.failed;
    run.skipped = result.skipped;
    // A run --max-duration (or a dead mock) stopped sent fewer cases than the spec has.
    run.cut = result.stopped !== undefined;
    for (const item of result.results) {
      const status = item.exchange.response?.status;
      if (status >= 500) run.serverErrors += 1;
      if (item.verdict !== 'failed') continue;
      const finding = item.findings.find((candidate) => candidate.severity === 'error');
      run.failures.push({
        case: item.case.id,
        request: `${item.case.request.method} ${item.case.request.path}`,
        status,
        check: finding?.check,
        class: finding?.class,
        message: finding?.message?.slice(0, 300),
        madeUp: item.case.resource !== 'live' && /\{[^}]+\}/.test(item.case.operation.path),
      });
    }
  } catch (error) {
    run.error = firstLine(error);
  } finally {
    await mock?.close();
    run.durationMs = Math.round(performance.now() - begun);
  }
  return run;
}

/** The loop over a sample; `onSpec` sees each outcome as it comes. */
export async function runRealWorld({ count = 100, seed, only, onSpec = () => {}, ...options } = {}) {
  const sample = sampleCorpus({ count, ...(seed === undefined ? {} : { seed }) });
  const specs = only ? sample.filter((spec) => only.includes(spec.id)) : sample;
  const outcomes = [];
  for (const spec of specs) {
    const outcome = await checkSpec(spec, options);
    outcomes.push(outcome);
    onSpec(outcome);
  }
  return outcomes;
}

/** True when a run of a spec agrees: it started, sent every case, no 5xx, no failed case. */
export function agrees(run) {
  return Boolean(run?.started) && !run.error && !run.cut && run.failed === 0 && run.serverErrors === 0;
}

/** Started N/M and agreed K/M per mode, cases, the slowest start: the figures of a loop. */
export function summarise(outcomes) {
  const modes = [...new Set(outcomes.flatMap((outcome) => Object.keys(outcome.runs)))];
  const figures = { total: outcomes.length, loaded: outcomes.filter((outcome) => !outcome.error).length };
  for (const mode of modes) {
    const runs = outcomes.map((outcome) => outcome.runs[mode]).filter(Boolean);
    const slowest = runs
      .map((run, index) => ({ run, id: outcomes[index].id }))
      .filter(({ run }) => run.started)
      .sort((a, b) => b.run.startMs - a.run.startMs)[0];
    figures[mode] = {
      started: runs.filter((run) => run.started).length,
      agreed: runs.filter(agrees).length,
      cases: runs.reduce((sum, run) => sum + run.cases, 0),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
      slowestStart: slowest ? `${slowest.id} ${slowest.run.startMs} ms` : 'none',
    };
  }
  return figures;
}

function firstLine(error) {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 100);
  const json = value('--json');
  const only = args.includes('--only') ? args.filter((_, index) => args[index - 1] === '--only') : undefined;
  const modes = args.includes('--stateless') ? ['stateless'] : args.includes('--stateful') ? ['stateful'] : MODES;
  const outcomes = await runRealWorld({
    count,
    only,
    modes,
    dynamic: args.includes('--dynamic'),
    ...(args.includes('--static') ? { generated: false, maxDurationMs: 240_000 } : {}),
    ...(value('--max-operations') ? { maxOperations: Number(value('--max-operations')) } : {}),
    onSpec: (outcome) => {
      const tested = outcome.tested < outcome.operations ? ` (${outcome.tested} tested)` : '';
      const head = `${outcome.id.padEnd(52)} ${String(outcome.operations).padStart(4)} ops${tested}`;
      if (outcome.error) return console.log(`${head}  LOAD ERROR ${outcome.error}`);
      for (const [mode, run] of Object.entries(outcome.runs)) {
        const verdict = run.error
          ? `ERROR ${run.error}`
          : `${run.cases} cases, ${run.failed} failed, ${run.serverErrors} 5xx, ${run.skipped} skipped${run.cut ? ', CUT' : ''}`;
        console.log(
          `${head}  ${mode.padEnd(9)} start ${String(run.startMs ?? '-').padStart(6)} ms  ${verdict}  (${run.durationMs} ms)`,
        );
        for (const failure of run.failures.slice(0, 4))
          console.log(
            `    ${failure.case} ${failure.request} -> ${failure.status}: ${failure.check} ${failure.message}`,
          );
      }
    },
  });
  console.log(JSON.stringify(summarise(outcomes)));
  if (json) writeFileSync(json, JSON.stringify(outcomes, null, 2));
}
