/**
 * The schema walks of a comparison: one per pair of root schemas (a
 * parameter, body or header schema on both sides of a matched operation).
 * Rules with `checkPairs` are run as each distinct root pair is first
 * walked and their hits kept (walk-cache.ts), so the pairs themselves are
 * dropped at once; they are spelled out again, with their real names,
 * only if another rule reads comparison.schemas, .properties or .variants.
 */
import type { createEffectiveSchemas } from './effective-schema.js';
import { createAlternativeMatcher } from './matched-alternatives.js';
import { alignSingleWithArray } from './parameter-values.js';
import { pairSchemas, walkPieces, type SchemaRoot } from './schema-pairs.js';
import type { EffectiveSchema } from './schema-record.js';
import { createSubWalks, piecesHits } from './sub-walks.js';
import { createWalkCache, PLACEHOLDERS, replay, type WalkHits } from './walk-cache.js';
import type { DiffRule, RuleHit, SchemaPairs } from './types.js';

/** Effective-schema builders of both sides. */
export type Effective = Record<'base' | 'head', ReturnType<typeof createEffectiveSchemas>>;

/** Every root pair walked in a comparison, in comparison order. */
export interface SchemaWalks {
  /** Walk the root pair `base` (at `baseAt`) and `head` (at `headAt`), or only note it when walks are deferred. */
  add(root: SchemaRoot, base: unknown, baseAt: string, head: unknown, headAt: string): void;
  /** The distinct root pairs, in the order first met: each is walked once (walk-cache.ts). */
  distinct(): readonly DistinctRoot[];
  /** Walk the distinct root pairs at `indexes` (ascending) that are not walked yet. */
  walk(indexes: Iterable<number>): void;
  /** Set the hits of the distinct root pair at `index`, walked elsewhere (a worker thread, walk-split.ts). */
  fill(index: number, hits: WalkHits): void;
  /** The hits of `rule` (one of the walk rules given at creation) over every walk, in walk order. */
  hits(rule: DiffRule): RuleHit[];
  /** Every pair of every walk, as the rules without `checkPairs` read them. */
  pairs(): SchemaPairs;
}

/** A distinct root pair: its Schema Objects, the root with placeholder labels, and its hits once walked. */
export interface DistinctRoot {
  root: SchemaRoot;
  base: unknown;
  head: unknown;
  hits: WalkHits | undefined;
}

interface Walk {
  root: SchemaRoot;
  base: unknown;
  baseAt: string;
  head: unknown;
  headAt: string;
  distinct: DistinctRoot;
}

/**
 * Walks over `effective`, running `rules` (those with `checkPairs`) once per distinct root pair: as each is
 * added, or, when `deferred`, only when walk() or hits() asks (so the pairs can be split between threads).
 */
export function createSchemaWalks(effective: Effective, rules: readonly DiffRule[], deferred = false): SchemaWalks {
  const cache = createWalkCache<DistinctRoot>();
  const subWalks = createSubWalks(rules);
  const match = createAlternativeMatcher();
  const walks: Walk[] = [];
  const distinct: DistinctRoot[] = [];
  const ruleIndex = new Map(rules.map((rule, index) => [rule, index]));
  let spelledOut: SchemaPairs | undefined;
  const walkDistinct = (entry: DistinctRoot) => {
    const [b, h] = rootSchemas(effective, entry.root, entry.base, PLACEHOLDERS.baseAt, entry.head, PLACEHOLDERS.headAt);
    const pieces = walkPieces(entry.root, b, h, subWalks, match);
    entry.hits = rules.map((rule, index) => piecesHits(pieces, rule, index, entry.root.direction));
  };
  return {
    add: (root, base, baseAt, head, headAt) => {
      const { direction, textual } = root;
      // Without walk rules there is nothing to keep: pairs() walks every root when a rule asks.
      let entry: DistinctRoot | undefined =
        rules.length === 0 ? { root, base, head, hits: [] } : cache.get(base, head, direction, textual);
      if (!entry) {
        const placeholderRoot = { ...root, operation: PLACEHOLDERS.operation, name: PLACEHOLDERS.name };
        entry = { root: placeholderRoot, base, head, hits: undefined };
        if (!deferred) walkDistinct(entry);
        cache.set(base, head, direction, textual, entry);
        distinct.push(entry);
      }
      walks.push({ root, base, baseAt, head, headAt, distinct: entry });
    },
    distinct: () => distinct,
    walk: (indexes) => {
      for (const index of indexes) if (distinct[index]!.hits === undefined) walkDistinct(distinct[index]!);
    },
    fill: (index, hits) => {
      distinct[index]!.hits = hits;
    },
    hits: (rule) => {
      const index = ruleIndex.get(rule);
      if (index === undefined) throw new Error(`${rule.id} is not a walk rule of this comparison`);
      // Deferred pairs nobody walked yet are walked now, in order: the hits never depend on who walks them.
      for (const entry of distinct) if (entry.hits === undefined) walkDistinct(entry);
      return walks.flatMap((walk) => {
        const labels = {
          operation: walk.root.operation,
          name: walk.root.name,
          baseAt: walk.baseAt,
          headAt: walk.headAt,
        };
        return walk.distinct.hits![index]!.map((hit) => replay(hit, labels));
      });
    },
    pairs: () => {
      if (spelledOut) return spelledOut;
      spelledOut = emptyPairs();
      for (const walk of walks)
        pairSchemas(
          spelledOut,
          walk.root,
          ...rootSchemas(effective, walk.root, walk.base, walk.baseAt, walk.head, walk.headAt),
          match,
        );
      return spelledOut;
    },
  };
}

/** Both root schemas in their effective form, as they are walked. */
function rootSchemas(
  effective: Effective,
  root: SchemaRoot,
  base: unknown,
  baseAt: string,
  head: unknown,
  headAt: string,
): readonly [EffectiveSchema, EffectiveSchema] {
  const built = [effective.base(base, baseAt), effective.head(head, headAt)] as const;
  // A parameter value that is a single value on one side and an array on the other (parameter-values.ts).
  return root.textual ? alignSingleWithArray(...built) : built;
}

function emptyPairs(): SchemaPairs {
  return { schemas: [], properties: [], variants: [] };
}
