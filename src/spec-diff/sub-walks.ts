/**
 * Sub-walks shared between the root walks of a comparison. Below its root a
 * schema walk (schema-pairs.ts) often enters a pair of nodes that other
 * roots reach too: Stripe's expandable objects, adopted by every root as
 * the same nodes (shared-subtrees.ts). What the walk rules report from such
 * a sub-walk depends on the two nodes, the direction, the text flag, whether
 * it is a property, and on the walk's state: a pair already walked (the
 * cycle guard) or a property pair already reported is skipped, and nothing
 * deeper than the depth limit is walked. So a sub-walk is kept only when it
 * closed on itself (every pair it met again and every property it skipped
 * was its own, nothing cut at the limit), and replayed only into a walk that
 * has met none of its pairs and properties and is shallow enough: then a
 * fresh walk would meet exactly the same pairs, in the same order.
 *
 * Hits are kept with their names as recorded: every name inside starts with
 * the root's name (a placeholder, schema-walks.ts) and the sub-walk's path (`property 'a.b` or
 * `at '[]`), which is replaced by the new path on replay. Pointers are the
 * shared nodes' own (absolute, from a circular `$ref`) and stay as they are.
 */
import type { Direction } from '../core/validation/schema-view.js';
import type { PropertyKey } from './property-keys.js';
import type { EffectiveSchema } from './schema-record.js';
import type { DiffRule, RuleHit, SchemaPairs } from './types.js';

/** What a walk's output is made of: pairs walked, or the hits of a replayed sub-walk (per walk rule). */
export type WalkPiece = SchemaPairs | { replayed: RuleHit[][] };

/** A kept sub-walk. */
export interface KeptSubWalk {
  /** The pairs it walked, in walk order (its own first). */
  pairs: ReadonlyArray<readonly [EffectiveSchema, EffectiveSchema]>;
  /** The property pairs it reported (schema-pairs.ts). */
  keys: readonly PropertyKey[];
  /** Deepest walk call below its root. */
  span: number;
  /** Its path, and its root walk's operation and name, when recorded. */
  path: string;
  operation: string;
  rootName: string;
  /** Per walk rule, its hits as recorded. */
  hits: RuleHit[][];
}

/**
 * At most this many hits and pairs are kept. A kept sub-walk holds its
 * pairs (two references each) and its hits (the findings it reports, which
 * the report holds anyway); beyond the bound sub-walks are walked again,
 * as without sharing.
 */
const KEPT_LIMIT = 2_000_000;

/** Sub-walks smaller than this are walked again: replaying them saves less than the bookkeeping costs. */
export const MIN_KEPT_PAIRS = 16;

/** The sub-walks of one comparison, with the walk rules whose hits are kept. */
export interface SubWalks {
  rules: readonly DiffRule[];
  get(
    b: EffectiveSchema,
    h: EffectiveSchema,
    direction: Direction,
    textual: boolean,
    isProperty: boolean,
    path: string,
  ): KeptSubWalk | undefined;
  offer(
    b: EffectiveSchema,
    h: EffectiveSchema,
    direction: Direction,
    textual: boolean,
    isProperty: boolean,
    kept: KeptSubWalk,
  ): void;
}

/** An empty store of sub-walks for `rules`, holding at most `limit` pairs and hits. */
export function createSubWalks(rules: readonly DiffRule[], limit = KEPT_LIMIT): SubWalks {
  const entries = new Map<EffectiveSchema, Map<EffectiveSchema, Map<string, KeptSubWalk>>>();
  let size = 0;
  const kind = (direction: Direction, textual: boolean, isProperty: boolean, path: string) =>
    `${direction} ${textual} ${isProperty} ${nameForm(path)}`;
  return {
    rules,
    get: (b, h, direction, textual, isProperty, path) =>
      entries
        .get(b)
        ?.get(h)
        ?.get(kind(direction, textual, isProperty, path)),
    offer: (b, h, direction, textual, isProperty, kept) => {
      const cost = kept.pairs.length + kept.hits.reduce((sum, hits) => sum + hits.length, 0);
      if (kept.pairs.length < MIN_KEPT_PAIRS || size + cost > limit) return;
      let byHead = entries.get(b);
      if (!byHead) entries.set(b, (byHead = new Map()));
      let byKind = byHead.get(h);
      if (!byKind) byHead.set(h, (byKind = new Map()));
      byKind.set(kind(direction, textual, isProperty, kept.path), kept);
      size += cost;
    },
  };
}

/** How a pair's name reads its path (schema-pairs.ts): a path that starts with items or a branch names no property. */
export function nameForm(path: string): 'at' | 'property' {
  // `[`, `(` or `<` first; a character test, not a regex: this runs for every pair walked.
  const first = path.charCodeAt(0);
  return first === 0x5b || first === 0x28 || first === 0x3c ? 'at' : 'property';
}

/**
 * The hits of `rule` (at `index` among the walk rules) over `pieces`, in walk order; none without a call
 * when the pieces are of a `direction` the rule does not read (DiffRule.direction).
 */
export function piecesHits(
  pieces: readonly WalkPiece[],
  rule: DiffRule,
  index: number,
  direction?: Direction,
): RuleHit[] {
  if (direction !== undefined && rule.direction !== undefined && rule.direction !== direction) return [];
  if (pieces.length === 1 && !('replayed' in pieces[0]!)) return rule.checkPairs!(pieces[0] as SchemaPairs);
  return pieces.flatMap((piece) => ('replayed' in piece ? piece.replayed[index]! : rule.checkPairs!(piece)));
}

/** `kept`'s hits as a walk of `operation` that meets it at `path` under the root named `rootName` reports them. */
export function replayedHits(kept: KeptSubWalk, operation: string, rootName: string, path: string): RuleHit[][] {
  if (path === kept.path && operation === kept.operation && rootName === kept.rootName) return kept.hits;
  const form = nameForm(path);
  // Schema and variant pairs read `<root> <form> '<path>...`, property pairs always `<root> property '<path>.<name>`.
  const swaps = [[`${kept.rootName} ${form} '${kept.path}`, `${rootName} ${form} '${path}`]];
  if (form === 'at') swaps.push([`${kept.rootName} property '${kept.path}`, `${rootName} property '${path}`]);
  const relabel = (text: string) => swaps.reduce((result, [from, to]) => result.split(from!).join(to!), text);
  return kept.hits.map((hits) =>
    hits.map((hit) => ({
      operation: hit.operation === kept.operation ? operation : hit.operation,
      pointer: hit.pointer,
      side: hit.side,
      message: relabel(hit.message),
    })),
  );
}
