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
import type { SchemaRoot } from './pair-walker.js';
import { alignSingleWithArray } from './parameter-values.js';
import type { RecordPointers } from './record-pointers.js';
import { pairSchemas, walkPieces } from './schema-pairs.js';
import type { EffectiveSchema } from './schema-record.js';
import { createSubWalks, piecesHits } from './sub-walks.js';
import type { DiffRule, RuleHit, SchemaPairs } from './types.js';
import { createWalkCache, PLACEHOLDERS, replay, type WalkHits } from './walk-cache.js';

/** An effective-schema builder of one side: a root's Schema Object and pointer to its record. */
type Builder = ReturnType<typeof createEffectiveSchemas>;

/** Effective-schema builders of both sides. */
export interface Effective {
  base: Builder;
  head: Builder;
  /**
   * With shared records (shared-records.ts): their pointers under the roots being walked, and builders whose
   * records carry plain pointers, for the pairs spelled out to rules without `checkPairs` (they cannot be filled).
   */
  shared?: { pointers: RecordPointers; plain: () => Record<'base' | 'head', Builder> };
}

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
    const pointers = effective.shared?.pointers;
    pointers?.begin();
    const [b, h] = rootSchemas(effective, entry.root, entry.base, PLACEHOLDERS.baseAt, entry.head, PLACEHOLDERS.headAt);
    const pieces = walkPieces(entry.root, b, h, subWalks, match);
    const hits = rules.map((rule, index) => piecesHits(pieces, rule, index, entry.root.direction));
    entry.hits = pointers ? hits.map((list) => list.map((hit) => filled(hit, pointers))) : hits;
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
      const plain = effective.shared?.plain() ?? effective;
      for (const walk of walks)
        pairSchemas(
          spelledOut,
          walk.root,
          ...rootSchemas(plain, walk.root, walk.base, walk.baseAt, walk.head, walk.headAt),
          match,
        );
      return spelledOut;
    },
  };
}

/** `hit` with its pointer's token filled in (record-pointers.ts); the same record when it holds none. */
function filled(hit: RuleHit, pointers: RecordPointers): RuleHit {
  // Rules pass record pointers through in `pointer` only; one in a message would be a defect, said loudly.
  if (pointers.holdsToken(hit.message)) throw new Error(`spec diff: a record's token in a message: ${hit.message}`);
  const pointer = pointers.fill(hit.pointer);
  return pointer === hit.pointer ? hit : { operation: hit.operation, pointer, side: hit.side, message: hit.message };
}

/** Both root schemas in their effective form, as they are walked. */
function rootSchemas(
  effective: Pick<Effective, 'base' | 'head'>,
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
