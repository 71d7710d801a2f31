/**
 * A large comparison's distinct root pairs (schema-walks.ts) split in two:
 * the thread walks one part, a worker thread (walk-thread.ts) the other. A
 * walk's hits depend only on its pair (walk-cache.ts), never on which thread
 * walked it or what it walked before, so the hits put back in root order make
 * the same changes, in the same order, as one thread walking them all.
 *
 * Both threads load the two specs and build the comparison themselves, and
 * both plan the same split from it: nothing but the hits crosses between
 * them. The hits come back as a table of distinct strings and one array of
 * numbers; the worker's placeholder mark is swapped for this thread's.
 */
import { valueAt } from '../core/json/json-pointer.js';
import { compareSpecs } from './comparison.js';
import { type LoadSettings, loadForDiff } from './load-for-diff.js';
import { DIFF_RULES } from './rules/index.js';
import type { DistinctRoot, SchemaWalks } from './schema-walks.js';
import type { DiffRule, RuleHit } from './types.js';
import { PLACEHOLDER_MARK, type WalkHits } from './walk-cache.js';

/** What a worker thread needs to walk its part: the diff's inputs and options, and this thread's mark. */
export interface WalkPartRequest extends LoadSettings {
  base: string;
  head: string;
  /** `now` of the diff, in milliseconds. */
  now: number;
  /** The walk rules, by id (all of them rules of DIFF_RULES). */
  ruleIds: string[];
  /** The placeholder mark the hits must carry (walk-cache.ts). */
  mark: string;
  /** A plan cheaper than this is walked by the main thread alone: the worker walks nothing. */
  minCost: number;
}

/** The hits of one part, compact. */
export interface EncodedHits {
  /** The plan the worker walked (planKey): the threads must agree on it. */
  plan: string;
  /** The distinct root pairs walked, ascending. */
  indexes: number[];
  /** Every distinct string of the hits. */
  strings: string[];
  /** Per pair walked, per rule: the count of hits, then per hit its operation, pointer and message (indexes into strings) and side (0 base, 1 head). */
  numbers: Uint32Array;
}

/** Objects counted per side at most: a root that reaches more than this is as costly as any other such root. */
const COST_CAP = 1_024;

/** The part of the split the worker thread walks; the thread walks part 0. */
const WORKER_PART = 1;

/** The dereferenced documents of both sides: circular `$ref`s survive dereferencing and are followed there. */
export type SplitDocuments = Record<'base' | 'head', Record<string, unknown>>;

/** The two parts of `distinct` (indexes, ascending), balanced by cost, each pair to the cheaper part so far. */
export function planSplit(
  distinct: readonly DistinctRoot[],
  documents: SplitDocuments,
): { parts: [number[], number[]]; cost: number } {
  const parts: [number[], number[]] = [[], []];
  const costs = [0, 0];
  const base = reachable(documents.base);
  const head = reachable(documents.head);
  distinct.forEach((entry, index) => {
    const part = costs[0]! <= costs[1]! ? 0 : 1;
    parts[part].push(index);
    // A walk visits about the pairs of what both Schema Objects reach.
    costs[part]! += base(entry.base) + head(entry.head);
  });
  return { parts, cost: costs[0]! + costs[1]! };
}

/** What both threads compare to know they planned the same split. */
function planKey(distinct: readonly DistinctRoot[], plan: ReturnType<typeof planSplit>): string {
  return `${distinct.length} ${plan.cost} ${plan.parts[WORKER_PART].length}`;
}

/** How many objects a value of `document` reaches, local `$ref`s followed (at most COST_CAP). */
function reachable(document: Record<string, unknown>): (start: unknown) => number {
  const targets = new Map<string, unknown>();
  const target = (ref: string) => {
    if (!targets.has(ref)) targets.set(ref, valueAt(document, ref));
    return targets.get(ref);
  };
  return (start) => {
    const seen = new Set<object>();
    const stack: unknown[] = [start];
    while (stack.length > 0 && seen.size < COST_CAP) {
      const value = stack.pop();
      if (typeof value !== 'object' || value === null || seen.has(value)) continue;
      seen.add(value);
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith('#')) stack.push(target(ref));
      for (const child of Array.isArray(value) ? value : Object.values(value))
        if (typeof child === 'object') stack.push(child);
    }
    return seen.size;
  };
}

/** The worker's side: load both specs, compare, plan the split and walk its part; the hits encoded. */
export async function walkWorkerPart(request: WalkPartRequest): Promise<EncodedHits> {
  const rules = request.ruleIds.map((id) => DIFF_RULES.find((rule) => rule.id === id)!);
  const [base, head] = await Promise.all([loadForDiff(request.base, request), loadForDiff(request.head, request)]);
  const { walks } = compareSpecs(base, head, new Date(request.now), rules, true);
  const distinct = walks.distinct();
  const plan = planSplit(distinct, { base: base.document, head: head.document });
  const indexes = plan.cost < request.minCost ? [] : plan.parts[WORKER_PART];
  walks.walk(indexes);
  return encodeHits(distinct, indexes, planKey(distinct, plan), request.mark);
}

/** Can a worker thread run `walkRules`? Only rules of DIFF_RULES: it finds them by id. */
export function canSplit(walkRules: readonly DiffRule[]): boolean {
  return walkRules.every((rule) => DIFF_RULES.find((known) => known.id === rule.id) === rule);
}

/**
 * Walk this thread's part of `walks` while `worker` walks the other (both
 * planned from the same comparison), then fill in the worker's hits. A
 * comparison cheaper than `minCost` is left to this thread (its walks.hits()
 * walks every pair; false: the worker can be ended now), and so is the rest
 * if the worker planned another split (it never should).
 */
export async function walkSplit(
  walks: SchemaWalks,
  documents: SplitDocuments,
  ruleCount: number,
  minCost: number,
  worker: Promise<EncodedHits>,
): Promise<boolean> {
  const distinct = walks.distinct();
  const plan = planSplit(distinct, documents);
  if (plan.cost < minCost) return false;
  walks.walk(plan.parts[1 - WORKER_PART]!);
  const encoded = await worker;
  if (encoded.plan === planKey(distinct, plan)) decodeHits(encoded, walks, ruleCount);
  return true;
}

/** The hits of the pairs at `indexes`, as strings and numbers; `mark` replaces this thread's placeholder mark. */
function encodeHits(distinct: readonly DistinctRoot[], indexes: number[], plan: string, mark: string): EncodedHits {
  const strings: string[] = [];
  const numbered = new Map<string, number>();
  const numbers: number[] = [];
  const number = (text: string) => {
    let found = numbered.get(text);
    if (found === undefined) {
      numbered.set(text, (found = strings.length));
      strings.push(text.includes(PLACEHOLDER_MARK) ? text.split(PLACEHOLDER_MARK).join(mark) : text);
    }
    return found;
  };
  for (const index of indexes)
    for (const hits of distinct[index]!.hits!) {
      numbers.push(hits.length);
      for (const hit of hits)
        numbers.push(number(hit.operation), number(hit.pointer), number(hit.message), hit.side === 'base' ? 0 : 1);
    }
  return { plan, indexes, strings, numbers: Uint32Array.from(numbers) };
}

function decodeHits(encoded: EncodedHits, walks: SchemaWalks, ruleCount: number): void {
  const { strings, numbers } = encoded;
  let at = 0;
  for (const index of encoded.indexes) {
    const hits: WalkHits = [];
    for (let rule = 0; rule < ruleCount; rule += 1) {
      const count = numbers[at++]!;
      const list: RuleHit[] = new Array(count);
      for (let i = 0; i < count; i += 1, at += 4)
        list[i] = {
          operation: strings[numbers[at]!]!,
          pointer: strings[numbers[at + 1]!]!,
          side: numbers[at + 3] === 0 ? 'base' : 'head',
          message: strings[numbers[at + 2]!]!,
        };
      hits.push(list);
    }
    walks.fill(index, hits);
  }
}
