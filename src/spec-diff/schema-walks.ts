/**
 * The schema walks of a comparison: one per pair of root schemas (a
 * parameter, body or header schema on both sides of a matched operation).
 * Rules with `checkPairs` are run as each distinct root pair is first
 * walked and their hits kept (walk-cache.ts), so the pairs themselves are
 * dropped at once; they are spelled out again, with their real names,
 * only if another rule reads comparison.schemas, .properties or .variants.
 */
import type { createEffectiveSchemas } from './effective-schema.js';
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
  /** Walk the root pair `base` (at `baseAt`) and `head` (at `headAt`). */
  add(root: SchemaRoot, base: unknown, baseAt: string, head: unknown, headAt: string): void;
  /** The hits of `rule` (one of the walk rules given at creation) over every walk, in walk order. */
  hits(rule: DiffRule): RuleHit[];
  /** Every pair of every walk, as the rules without `checkPairs` read them. */
  pairs(): SchemaPairs;
}

interface Walk {
  root: SchemaRoot;
  base: unknown;
  baseAt: string;
  head: unknown;
  headAt: string;
  hits: WalkHits;
}

/** Walks over `effective`, running `rules` (those with `checkPairs`) once per distinct root pair. */
export function createSchemaWalks(effective: Effective, rules: readonly DiffRule[]): SchemaWalks {
  const cache = createWalkCache();
  const subWalks = createSubWalks(rules);
  const walks: Walk[] = [];
  const ruleIndex = new Map(rules.map((rule, index) => [rule, index]));
  let spelledOut: SchemaPairs | undefined;
  return {
    add: (root, base, baseAt, head, headAt) => {
      const { direction, textual } = root;
      // Without walk rules there is nothing to keep: pairs() walks every root when a rule asks.
      let hits = rules.length === 0 ? [] : cache.get(base, head, direction, textual);
      if (!hits) {
        const placeholderRoot = { ...root, operation: PLACEHOLDERS.operation, name: PLACEHOLDERS.name };
        const [b, h] = rootSchemas(effective, placeholderRoot, base, PLACEHOLDERS.baseAt, head, PLACEHOLDERS.headAt);
        const pieces = walkPieces(placeholderRoot, b, h, subWalks);
        hits = rules.map((rule, index) => piecesHits(pieces, rule, index));
        cache.set(base, head, direction, textual, hits);
      }
      walks.push({ root, base, baseAt, head, headAt, hits });
    },
    hits: (rule) => {
      const index = ruleIndex.get(rule);
      if (index === undefined) throw new Error(`${rule.id} is not a walk rule of this comparison`);
      return walks.flatMap((walk) => {
        const labels = {
          operation: walk.root.operation,
          name: walk.root.name,
          baseAt: walk.baseAt,
          headAt: walk.headAt,
        };
        return walk.hits[index]!.map((hit) => replay(hit, labels));
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
