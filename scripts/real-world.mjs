/**
 * The real-world loop: for each spec of a seeded sample of public API
 * descriptions (corpus.mjs), start plantkit's mock on it, answer every
 * documented operation, and run plantkit's own contract run against that
 * mock. The kit must agree with itself: no 5xx from the mock, no failed case.
 * Uses only the public API of the built package (dist/).
 *
 *   node scripts/real-world.mjs [count] [--json FILE]
 */
import { performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { loadSpec, runContract, startMock } from '../dist/index.js';
import { sampleCorpus } from './corpus.mjs';

/** Credentials the mock accepts (it accepts any) and the runner sends for every scheme type. */
const CREDENTIALS = { token: 'real-world-token', credentials: { apiKey: 'real-world-key', basic: 'real:world' } };

/** One spec through the loop; never throws. */
export async function checkSpec(spec, options = {}) {
  const outcome = {
    id: spec.id,
    bytes: spec.bytes,
    operations: 0,
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
  let mock;
  try {
    const startedAt = performance.now();
    const loaded = await loadSpec(spec.file);
    mock = await startMock({ spec: loaded, port: 0, dynamic: options.dynamic ?? false });
    outcome.startMs = Math.round(performance.now() - startedAt);
    outcome.started = true;
    outcome.operations = loaded.operations.length;
    const result = await runContract({
      baseUrl: mock.url,
      spec: loaded,
      ...CREDENTIALS,
      contracts: false,
      generated: options.generated ?? true,
      ...(options.generated === false ? { phases: [] } : {}),
      maxCases: options.maxCases ?? 5,
      maxShrinks: 20,
      timeoutMs: 15_000,
      workers: 4,
      seed: 1,
      maxDurationMs: options.maxDurationMs ?? 600_000,
    });
    outcome.cases = result.results.length;
    outcome.failed = result.failed;
    outcome.skipped = result.skipped;
    // A run --max-duration (or a dead mock) stopped sent fewer cases than the spec has.
    outcome.cut = result.stopped !== undefined;
    for (const item of result.results) {
      if (item.exchange.response && item.exchange.response.status >= 500) outcome.serverErrors += 1;
      if (item.verdict !== 'failed') continue;
      const finding = item.findings.find((candidate) => candidate.severity === 'error');
      outcome.failures.push(`${item.case.id}: ${finding?.check} ${finding?.message?.slice(0, 200)}`);
    }
  } catch (error) {
    outcome.error = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);
  } finally {
    await mock?.close();
    outcome.durationMs = Math.round(performance.now() - begun);
  }
  return outcome;
}

/** The loop over a sample; `onSpec` sees each outcome as it comes. */
export async function runRealWorld({ count = 60, seed, onSpec = () => {}, ...options } = {}) {
  const specs = sampleCorpus({ count, ...(seed === undefined ? {} : { seed }) });
  const outcomes = [];
  for (const spec of specs) {
    const outcome = await checkSpec(spec, options);
    outcomes.push(outcome);
    onSpec(outcome);
  }
  return outcomes;
}

/** Started N/M, agreed K/M, slowest start: the figures of a loop. */
export function summarise(outcomes) {
  const started = outcomes.filter((outcome) => outcome.started);
  const agreed = started.filter((outcome) => outcome.failed === 0 && outcome.serverErrors === 0 && !outcome.cut);
  const slowest = [...started].sort((a, b) => b.startMs - a.startMs)[0];
  return {
    total: outcomes.length,
    started: started.length,
    agreed: agreed.length,
    slowestStart: slowest ? `${slowest.id} ${slowest.startMs} ms` : 'none',
    cases: outcomes.reduce((sum, outcome) => sum + outcome.cases, 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 60);
  const json = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const dynamic = args.includes('--dynamic');
  const outcomes = await runRealWorld({
    count,
    dynamic,
    ...(args.includes('--static') ? { generated: false, maxDurationMs: 45_000 } : {}),
    onSpec: (outcome) => {
      const verdict = outcome.error
        ? `ERROR ${outcome.error}`
        : `${outcome.cases} cases, ${outcome.failed} failed, ${outcome.serverErrors} 5xx, ${outcome.skipped} skipped${outcome.cut ? ', CUT' : ''}`;
      console.log(
        `${outcome.id.padEnd(50)} ${String(outcome.operations).padStart(4)} ops  start ${String(outcome.startMs ?? '-').padStart(6)} ms  ${verdict}  (${outcome.durationMs} ms)`,
      );
      for (const failure of outcome.failures.slice(0, 4)) console.log(`    ${failure}`);
    },
  });
  console.log(JSON.stringify(summarise(outcomes)));
  if (json) writeFileSync(json, JSON.stringify(outcomes, null, 2));
}
