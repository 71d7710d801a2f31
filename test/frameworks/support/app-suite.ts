/**
 * The acceptance suite of one framework app (issue 18, "How it is measured"), run as a CI job would: start the
 * app on 127.0.0.1, fetch the OpenAPI document it generates, and run the built CLI's `plantkit contract`
 * against it (default phases, a fixed seed) with the console and JSON reporters. The correct app must pass
 * with its spec gaps listed; each broken variant must fail with its planted bug as a failure of its own, on
 * no other operation, and the curl lines of that failure must show the bug again against the same app.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchGeneratedSpec, reportFigures, runContractCli } from '../../../scripts/framework-apps.mjs';
import { type FrameworkApp, frameworkApps, type PlantedBug, type Variant } from '../apps/catalog.mjs';
import { replaySequence, retarget, type StepRecord, showsBug } from './curl-replay.js';

/** A whole contract run takes seconds on an idle machine, a minute or more on a loaded one. */
const RUN_TIMEOUT_MS = 240_000;

/** A case of the JSON report, as far as these tests read it. */
interface CaseRecord {
  id: string;
  operation: string;
  title: string;
  verdict: string;
  request: { method: string; url: string };
  response: { status: number } | null;
  findings: Array<{ check: string; class: string; operation: string; pointer: string; message: string }>;
  curl: string | null;
  producerCurls: Array<{ produced: string; curl: string }>;
  sequence: { steps: StepRecord[] } | null;
}

/** One contract run against a running variant, kept open for the replays. */
interface VariantRun {
  /** The app's origin, `http://127.0.0.1:PORT`. */
  url: string;
  code: number;
  stdout: string;
  stderr: string;
  figures: ReturnType<typeof reportFigures>;
  close: () => Promise<void>;
}

/** The app named `name` in the catalog. */
function frameworkApp(name: string): FrameworkApp {
  const app = frameworkApps.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`no framework app ${name}`);
  return app;
}

/** Start `variant` of `app`, fetch its generated spec into a temporary folder and run `plantkit contract`. */
async function runVariant(app: FrameworkApp, variant: Variant, args: string[] = []): Promise<VariantRun> {
  const directory = await mkdtemp(path.join(tmpdir(), 'plantkit-frameworks-'));
  const running = await app.start(variant.name).catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  const close = async () => {
    await running.close();
    await rm(directory, { recursive: true, force: true });
  };
  try {
    const spec = path.join(directory, 'openapi.json');
    const generated = await fetchGeneratedSpec(running.url);
    await writeFile(spec, generated);
    const run = await runContractCli({ spec, baseUrl: running.url, directory, args });
    if (!run.report) throw new Error(`plantkit contract wrote no JSON report (exit ${run.code}): ${run.stderr}`);
    return { ...run, url: running.url, figures: reportFigures(run.report, JSON.parse(generated)), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `signature: N cases (first-id, ...)`, one line per failure, for messages. */
function failureLines(run: VariantRun): string[] {
  return [...run.figures.failures].map(([signature, records]) => {
    const ids = [...(records as Set<CaseRecord>)].map((record) => record.id);
    return `${signature}: ${ids.length} case${ids.length === 1 ? '' : 's'} (${ids.slice(0, 2).join(', ')}${ids.length > 2 ? ', ...' : ''})`;
  });
}

/** The failing cases behind `bug`'s signature, in report order. */
function recordsOf(run: VariantRun, bug: PlantedBug): CaseRecord[] {
  const records: CaseRecord[] = [];
  for (const [signature, behind] of run.figures.failures) {
    const [operation, check, status] = signature.split(' ');
    if (operation === bug.operation && bug.checks.includes(check!) && status === String(bug.status))
      records.push(...(behind as Set<CaseRecord>));
  }
  return records;
}

/**
 * The steps to replay for a failing case: a sequence's steps, or the case's own curl line after the curl lines
 * of the requests that produced the resource it names (each a create whose answer names the item the case uses).
 */
function stepsOf(record: CaseRecord): StepRecord[] {
  if (record.sequence) return record.sequence.steps;
  const producers = record.producerCurls.map((step, index) => ({
    title: `create item #${index + 1}`,
    method: 'POST',
    url: /'(http:[^']+)'/.exec(step.curl)![1]!,
    status: null,
    failed: false,
    curl: step.curl,
  }));
  return [
    ...producers,
    {
      title: producers.length > 0 ? `use item #${producers.length}` : '',
      method: record.request.method,
      url: record.request.url,
      status: record.response?.status ?? null,
      failed: true,
      curl: record.curl ?? '',
    },
  ];
}

/** The tests of the correct variant of `app`. */
function describeCorrectApp(app: FrameworkApp): void {
  const correct = app.variants.find((variant) => variant.name === 'correct')!;
  describe(`${app.name} (${app.framework}), correct`, () => {
    let run: VariantRun;
    beforeAll(async () => {
      run = await runVariant(app, correct);
    }, RUN_TIMEOUT_MS);
    afterAll(async () => run?.close());

    // Issue 18 section 1: spec gaps do not fail a run by default.
    test('exits 0', () => {
      expect(run.code, `${run.stdout.trim().split('\n').at(-1)}\n${failureLines(run).join('\n')}`).toBe(0);
    });

    // Sections 1-3: 404s for made-up ids and 4xx for invalid input on operations that document none are no failure.
    test('reports no failure', () => {
      expect(failureLines(run)).toEqual([]);
    });

    // Section 1: each undocumented status the app rightly answers is a spec gap, listed once per operation and status.
    test('lists the spec gaps: 404 for made-up ids, 400 for invalid input', () => {
      const wanted = app.specGaps.map(({ operation, status }) => `${operation} ${status}`);
      expect([...run.figures.specGaps]).toEqual(expect.arrayContaining(wanted));
      expect(run.stdout).toMatch(/spec gap/i);
    });

    // Section 2: positive cases use ids the run obtained, so every operation gets a 2xx outside the sequences too.
    test('every operation reaches a 2xx, and the console says which did', () => {
      const { operations, fromCases } = run.figures.coverage;
      expect(fromCases).toEqual(operations);
      expect(run.stdout).toMatch(/coverage/i);
    });

    // Section 1: `--fail-on spec-gap` makes the same gaps fail the run.
    test(
      '--fail-on spec-gap fails the run on its spec gaps',
      async () => {
        const strict = await runVariant(app, correct, ['--no-generated', '--fail-on', 'spec-gap']);
        try {
          expect(strict.stderr).not.toMatch(/error:/);
          expect(strict.figures.specGaps.size).toBeGreaterThan(0);
          expect(strict.code).toBe(1);
        } finally {
          await strict.close();
        }
      },
      RUN_TIMEOUT_MS,
    );
  });
}

/** The tests of one broken variant of `app`. */
function describeBrokenVariant(app: FrameworkApp, variant: Variant): void {
  describe(`${app.name}, ${variant.name}: ${variant.bug}`, () => {
    let run: VariantRun;
    beforeAll(async () => {
      run = await runVariant(app, variant);
    }, RUN_TIMEOUT_MS);
    afterAll(async () => run?.close());

    test('exits 1', () => {
      expect(run.code).toBe(1);
    });

    test.each(variant.planted.map((bug) => [`${bug.status} on ${bug.operation} (${bug.checks.join(' or ')})`, bug]))(
      'reports %s as a failure of its own',
      (_name, bug) => {
        expect(recordsOf(run, bug as PlantedBug), failureLines(run).join('\n')).not.toEqual([]);
      },
    );

    // Sections 1 and 2: the rest of the app is as correct as the correct app, so nothing else fails.
    test(`reports no other failure (only ${variant.breaks.join(', ')})`, () => {
      const elsewhere = failureLines(run).filter(
        (line) => !variant.breaks.includes(line.split(' ').slice(0, 2).join(' ')),
      );
      expect(elsewhere).toEqual([]);
    });

    // Section 4: the curl lines of the failure, run by hand against the same app, show the same bug.
    test.each(variant.planted.map((bug) => [`${bug.status} on ${bug.operation}`, bug]))(
      'the curl lines of %s reproduce it',
      async (_name, bug) => {
        const [record] = recordsOf(run, bug as PlantedBug);
        expect(record, failureLines(run).join('\n')).toBeDefined();
        const steps = stepsOf(record!);
        const replayed = await replaySequence(steps, app.idField);
        const seen = replayed.steps.map(({ step, replayed: got }) => `${step.title || step.method} -> ${got.status}`);
        expect(showsBug(replayed, bug as PlantedBug, app.idField), `${record!.id}: ${seen.join('; ')}`).toBe(true);
      },
      60_000,
    );

    // The control: the same lines against the correct app do not show the bug, so the replay proves something.
    test.each(variant.planted.map((bug) => [`${bug.status} on ${bug.operation}`, bug]))(
      'the curl lines of %s do not show it against the correct app',
      async (_name, bug) => {
        const [record] = recordsOf(run, bug as PlantedBug);
        expect(record, failureLines(run).join('\n')).toBeDefined();
        const correct = await app.start('correct');
        try {
          const steps = retarget(stepsOf(record!), run.url, correct.url);
          const replayed = await replaySequence(steps, app.idField);
          expect(showsBug(replayed, bug as PlantedBug, app.idField)).toBe(false);
        } finally {
          await correct.close();
        }
      },
      60_000,
    );
  });
}

/** Every test of `app`: its correct variant, then each broken one. */
export function describeFrameworkApp(name: string): void {
  const app = frameworkApp(name);
  describeCorrectApp(app);
  for (const variant of app.variants.filter((candidate) => candidate.name !== 'correct'))
    describeBrokenVariant(app, variant);
}
