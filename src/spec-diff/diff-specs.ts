/**
 * `diffSpecs`: the library behind `plantkit spec diff`. Reads both specs
 * (files or git revisions), dereferences them, matches them into a
 * comparison, runs every registered rule, applies the CI policy (level
 * overrides, accepted changes) and returns the changes with where each is
 * written. It never prints; unreadable input throws (exit 2).
 */
import { loadavg } from 'node:os';
import { sourcePointer } from '../core/spec/source-pointer.js';
import { isSwagger2, originalPointer } from '../core/spec/swagger2.js';
import { compareSpecs } from './comparison.js';
import { inspectForDiff } from './load-for-diff.js';
import { type DiffSpecsOptions, type NormalizedDiffOptions, normalizeDiffOptions } from './options.js';
import { applyPolicy, type IgnoredChange } from './policy/apply-policy.js';
import type { IgnoreEntry } from './policy/ignore-file.js';
import { readSpecInput, type SpecInput } from './spec-input.js';
import type { Change, ChangeLevel, ChangeLocation, ComparedSpec, DiffRule, RuleHit, Side } from './types.js';
import { PLACEHOLDER_MARK } from './walk-cache.js';
import { canSplit, walkSplit } from './walk-split.js';
import type { WalkThread } from './walk-thread.js';

export type { DiffSpecsOptions } from './options.js';

/** The outcome of a diff. */
export interface SpecDiffResult {
  base: string;
  head: string;
  /** Every change, breaking first (ignored ones excepted). */
  changes: Change[];
  /** How many changes there are per level (ignored ones not counted). */
  counts: Record<ChangeLevel, number>;
  /** Changes accepted by the ignore file, with its reason. */
  ignored: IgnoredChange[];
  /** Ignore entries that matched no change: stale, to be removed. */
  unusedIgnores: IgnoreEntry[];
}

const LEVEL_ORDER: Record<ChangeLevel, number> = { breaking: 0, warning: 1, info: 2 };

/** Compare `base` with `head` (file paths or `REV:PATH`) and classify every change. */
export async function diffSpecs(base: string, head: string, options: DiffSpecsOptions = {}): Promise<SpecDiffResult> {
  const settings = normalizeDiffOptions(options);
  // Rules over schema pairs only are run once per distinct pair of root schemas (walk-cache.ts).
  const walkRules = settings.rules.filter((rule) => rule.checkPairs !== undefined);
  const inputs = await Promise.all([readSpecInput(base, settings.cwd), readSpecInput(head, settings.cwd)]);
  // A large diff starts its worker now, so that it loads both specs while this thread does (walk-split.ts).
  const worker = await startWorker(base, head, inputs, walkRules, settings);
  try {
    const [baseSpec, headSpec] = await Promise.all([
      inspectForDiff(base, inputs[0], settings),
      inspectForDiff(head, inputs[1], settings),
    ]);
    const { comparison, walks } = compareSpecs(baseSpec, headSpec, settings.now, walkRules, worker !== undefined);
    if (worker) {
      const documents = { base: baseSpec.document, head: headSpec.document };
      const split = await walkSplit(walks, documents, walkRules.length, settings.parallel.minCost, worker.hits);
      // Too small to split after all: the worker goes now, not after this thread's walk.
      if (!split) await worker.stop();
    }
    return classify(base, head, baseSpec, headSpec, comparison, walks, settings);
  } finally {
    await worker?.stop();
  }
}

/** A worker thread for a diff worth splitting (options.parallel: large inputs, a core free), else undefined. */
async function startWorker(
  base: string,
  head: string,
  inputs: readonly SpecInput[],
  walkRules: readonly DiffRule[],
  settings: NormalizedDiffOptions,
): Promise<WalkThread | undefined> {
  const { enabled, minBytes, maxLoad } = settings.parallel;
  const size = inputs.reduce((sum, input) => sum + input.source.text.length, 0);
  if (!enabled || size < minBytes || walkRules.length === 0 || !canSplit(walkRules)) return undefined;
  // No core free for the worker: it would only take CPU from this thread (options.ts, PARALLEL_DEFAULTS).
  if (loadavg()[0]! >= maxLoad) return undefined;
  const { startWalkThread } = await import('./walk-thread.js');
  return startWalkThread({
    base,
    head,
    cwd: settings.cwd,
    allowExternalRefs: settings.allowExternalRefs,
    now: settings.now.getTime(),
    ruleIds: walkRules.map((rule) => rule.id),
    mark: PLACEHOLDER_MARK,
    minCost: settings.parallel.minCost,
  });
}

/** Every rule's hits as changes, duplicates dropped, the policy applied, breaking first. */
function classify(
  base: string,
  head: string,
  baseSpec: ComparedSpec,
  headSpec: ComparedSpec,
  comparison: ReturnType<typeof compareSpecs>['comparison'],
  walks: ReturnType<typeof compareSpecs>['walks'],
  settings: NormalizedDiffOptions,
): SpecDiffResult {
  const classified: Change[] = [];
  const locate = { base: locator(baseSpec), head: locator(headSpec) };
  for (const rule of settings.rules) {
    const seen = createHitSet();
    for (const hit of rule.checkPairs ? walks.hits(rule) : rule.check(comparison))
      if (seen.add(hit)) classified.push(toChange(rule, hit, locate));
  }
  const { changes, ignored, unusedIgnores } = applyPolicy(classified, settings.levels, settings.ignore);
  changes.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  const counts = { breaking: 0, warning: 0, info: 0 };
  for (const change of changes) counts[change.level] += 1;
  return { base, head, changes, counts, ignored, unusedIgnores };
}

/**
 * The hits of one rule seen so far, by operation, pointer and message: a
 * rule that reports the same thing twice (a shared schema met under two
 * roots of one operation) is one change. Nested maps of the three strings,
 * not one key joined from them: Stripe has 146,686 changes, and joining a key
 * per hit meant a long string to build and hash each time.
 */
function createHitSet(): { add(hit: RuleHit): boolean } {
  const seen = new Map<string, Map<string, Set<string>>>();
  return {
    add: (hit) => {
      let byPointer = seen.get(hit.operation);
      if (!byPointer) seen.set(hit.operation, (byPointer = new Map()));
      let messages = byPointer.get(hit.pointer);
      if (!messages) byPointer.set(hit.pointer, (messages = new Set()));
      if (messages.has(hit.message)) return false;
      messages.add(hit.message);
      return true;
    },
  };
}

function toChange(rule: DiffRule, hit: RuleHit, locate: Record<Side, Locator>): Change {
  const location = locate[hit.side](hit.pointer);
  return {
    id: rule.id,
    level: rule.level,
    operation: hit.operation,
    pointer: hit.pointer,
    side: hit.side,
    message: hit.message,
    location,
    headLocation: hit.side === 'head' ? location : locate.head(hit.pointer),
  };
}

/** Where a pointer of the dereferenced document is written. */
type Locator = (pointer: string) => ChangeLocation;

/**
 * Where pointers (through the dereferenced `spec`) are written, or their
 * nearest existing ancestor; remembered, as a shared schema reports at the
 * same pointer under many operations (absolute pointers of circular schemas).
 */
function locator(spec: ComparedSpec): Locator {
  const known = new Map<string, ChangeLocation>();
  return (pointer) => {
    let location = known.get(pointer);
    if (!location) known.set(pointer, (location = locate(spec, pointer)));
    // A record of its own per change, as before: nothing downstream shares one by surprise.
    return { ...location };
  };
}

/** Where `pointer` (through the dereferenced spec) is written, or its nearest existing ancestor. */
function locate(spec: ComparedSpec, pointer: string): ChangeLocation {
  // A Swagger 2.0 file is compared in its OpenAPI 3.0 form: map the pointer back to where the 2.0 file writes it.
  const written = isSwagger2(spec.source.document)
    ? originalPointer(spec.source.document, pointer)
    : sourcePointer(spec.source.document, pointer).pointer;
  const position = spec.source.yaml.positionOf(written) ?? { line: 1, column: 1 };
  return { file: spec.source.label, pointer: written, line: position.line, column: position.column };
}
