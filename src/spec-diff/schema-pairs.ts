/**
 * Walk two effective schemas side by side: every node present in both
 * becomes a SchemaPair, every property of a pair of object schemas a
 * PropertyPair (present on one side or both). readOnly properties are not
 * part of a request and writeOnly ones not part of a response (OAS 3.1.0
 * section 4.8.24), so they are "invisible" on that side. Where either side
 * has `oneOf`/`anyOf`, the two are compared as alternatives (alternatives.ts)
 * and the match is recorded as a VariantPairing. The 2020-12 applicators
 * (`prefixItems`, `contains`, `dependentSchemas`, ...) present on both sides
 * are walked too, so the same rules classify changes inside them.
 */
import type { Direction } from '../core/validation/schema-view.js';
import { describeApplicator, isWalkedApplicator } from './applicator-changes.js';
import { type AlternativeMatcher, matchPair } from './matched-alternatives.js';
import { createPropertyKeys, type PropertyKey, requiredFlags } from './property-keys.js';
import type { EffectiveSchema } from './schema-record.js';
import { isShared } from './shared-subtrees.js';
import {
  type KeptSubWalk,
  MIN_KEPT_PAIRS,
  nameForm,
  piecesHits,
  replayedHits,
  type SubWalks,
  type WalkPiece,
} from './sub-walks.js';
import type { SchemaPairs } from './types.js';

/** Where a walk starts: a body, parameter or header schema. */
export interface SchemaRoot {
  operation: string;
  direction: Direction;
  name: string;
  /** A parameter or header: values travel as text (OAS 3.1.0 section 4.8.12.4). */
  textual: boolean;
}

const MAX_DEPTH = 64;

/** One step of a walk: the two schemas at `path`, whether the path ends at a property, text-valued or not, its depth. */
type WalkStep = (
  b: EffectiveSchema,
  h: EffectiveSchema,
  path: string,
  isProperty: boolean,
  textual: boolean,
  depth: number,
) => void;

/** Pair up `base` and `head` (roots of a body, parameter or header) into `out`; `match` matches alternatives. */
export function pairSchemas(
  out: SchemaPairs,
  root: SchemaRoot,
  base: EffectiveSchema,
  head: EffectiveSchema,
  match: AlternativeMatcher = matchPair,
): void {
  walkPairs(root, base, head, out, undefined, match);
}

/** The walk of `base` and `head` as pieces: pairs walked, and sub-walks replayed from `subWalks` (sub-walks.ts). */
export function walkPieces(
  root: SchemaRoot,
  base: EffectiveSchema,
  head: EffectiveSchema,
  subWalks: SubWalks,
  match: AlternativeMatcher = matchPair,
): WalkPiece[] {
  const pieces: WalkPiece[] = [];
  walkPairs(root, base, head, pieces, subWalks, match);
  return pieces;
}

/** A sub-walk being recorded (sub-walks.ts). */
interface Frame {
  /** Entry number of its own pair. */
  start: number;
  depth: number;
  deepest: number;
  /** Lowest entry number of a pair met again, or of a property key skipped again, inside it. */
  lowest: number;
  piece: number;
  key: number;
}

function walkPairs(
  root: SchemaRoot,
  base: EffectiveSchema,
  head: EffectiveSchema,
  sink: SchemaPairs | WalkPiece[],
  subWalks: SubWalks | undefined,
  match: AlternativeMatcher,
): void {
  // Pair -> entry number (walk order); property-pair key -> entry number of the walk that reported it.
  const visited = new Map<EffectiveSchema, Map<EffectiveSchema, number>>();
  const emitted = createPropertyKeys();
  const entered: Array<readonly [EffectiveSchema, EffectiveSchema]> = [];
  const keys: PropertyKey[] = [];
  const frames: Frame[] = [];
  const pieces = Array.isArray(sink) ? sink : undefined;
  let current: SchemaPairs = Array.isArray(sink) ? emptyPairs() : sink;
  pieces?.push(current);
  const cut = () => {
    if (!pieces || (current.schemas.length === 0 && current.properties.length === 0 && current.variants.length === 0))
      return;
    pieces.push((current = emptyPairs()));
  };
  const hidden = root.direction === 'request' ? 'readOnly' : 'writeOnly';

  const walk: WalkStep = (b, h, path, isProperty, textual, depth) => {
    const frame = frames.at(-1);
    if (frame && depth > frame.deepest) frame.deepest = depth;
    let seen = visited.get(b);
    const at = seen?.get(h);
    if (at !== undefined) {
      if (frame && at < frame.lowest) frame.lowest = at;
      return;
    }
    if (depth > MAX_DEPTH) return;
    if (!seen) visited.set(b, (seen = new Map()));
    const start = entered.length;
    seen.set(h, start);
    entered.push([b, h]);
    // Sub-walks are kept at named component schemas only: walks meet those again, and recording costs a rule run.
    if (!subWalks || !path || b.component === undefined || !isShared(b) || !isShared(h)) {
      walkNode(b, h, path, isProperty, textual, depth);
      return;
    }
    const kept = subWalks.get(b, h, root.direction, textual, isProperty, path);
    if (kept && depth + kept.span <= MAX_DEPTH && replayable(kept)) {
      for (const [kb, kh] of kept.pairs.slice(1)) {
        let row = visited.get(kb);
        if (!row) visited.set(kb, (row = new Map()));
        row.set(kh, entered.length);
        entered.push([kb, kh]);
      }
      for (const key of kept.keys) {
        emitted.set(key, start);
        keys.push(key);
      }
      if (frame && depth + kept.span > frame.deepest) frame.deepest = depth + kept.span;
      cut();
      pieces!.push({ replayed: replayedHits(kept, root.operation, root.name, path) });
      pieces!.push((current = emptyPairs()));
      return;
    }
    cut();
    const own: Frame = { start, depth, deepest: depth, lowest: start, piece: pieces!.length - 1, key: keys.length };
    frames.push(own);
    walkNode(b, h, path, isProperty, textual, depth);
    frames.pop();
    if (frame) {
      frame.deepest = Math.max(frame.deepest, own.deepest);
      frame.lowest = Math.min(frame.lowest, own.lowest);
    }
    // Closed on itself and cut nothing at the depth limit: any walk that has met none of it walks the same.
    if (own.lowest >= start && own.deepest <= MAX_DEPTH && entered.length - start >= MIN_KEPT_PAIRS) {
      const walked = pieces!.slice(own.piece);
      const hits = subWalks.rules.map((rule, index) => piecesHits(walked, rule, index, root.direction));
      subWalks.offer(b, h, root.direction, textual, isProperty, {
        pairs: entered.slice(start),
        keys: keys.slice(own.key),
        span: own.deepest - depth,
        path,
        operation: root.operation,
        rootName: root.name,
        hits,
      });
      // Its hits stand for its pieces: the rules run once over each pair, whatever encloses it.
      pieces!.splice(own.piece, pieces!.length - own.piece, { replayed: hits });
      pieces!.push((current = emptyPairs()));
      return;
    }
    cut();
  };

  /** None of `kept`'s pairs (but its own, just entered) or property keys met yet by this walk. */
  const replayable = (kept: KeptSubWalk) =>
    kept.pairs.every(([kb, kh], index) => index === 0 || visited.get(kb)?.get(kh) === undefined) &&
    kept.keys.every((key) => emitted.get(key.property, key.base, key.head, key.required) === undefined);

  const walkNode: WalkStep = (b, h, path, isProperty, textual, depth) => {
    // `property 'owner.name'`; a path that starts with items or a branch names no property: `at '[](oneOf 1)'`.
    const name = !path ? root.name : `${root.name} ${nameForm(path)} '${path}'`;
    if (b.variants || h.variants) {
      walkAlternatives(b, h, path, name, isProperty, textual, depth);
      return;
    }
    current.schemas.push({
      operation: root.operation,
      direction: root.direction,
      name,
      isProperty,
      textual,
      base: b,
      head: h,
    });
    for (const property of b.properties.keys()) walkProperty(b, h, property, path, textual, depth);
    for (const property of h.properties.keys())
      if (!b.properties.has(property)) walkProperty(b, h, property, path, textual, depth);
    if (b.items && h.items) walk(b.items, h.items, `${path}[]`, false, textual, depth + 1);
    // `false` on either side is opening or closing the object, not a change of the extra properties' schema.
    if (b.additionalProperties?.types?.length && h.additionalProperties?.types?.length)
      walk(b.additionalProperties, h.additionalProperties, `${path}<additionalProperties>`, false, textual, depth + 1);
    for (const [key, bs] of b.subschemas) {
      const hs = h.subschemas.get(key);
      if (!hs || !isWalkedApplicator(key, b, h, root.direction)) continue;
      walk(bs, hs, `${path}<${describeApplicator(key)}>`, false, false, depth + 1);
    }
  };

  /** The pair of `property` of `b` and `h` (either may lack it), then its schemas walked when both have it. */
  const walkProperty = (
    b: EffectiveSchema,
    h: EffectiveSchema,
    property: string,
    path: string,
    textual: boolean,
    depth: number,
  ) => {
    const [bp, hp] = [b.properties.get(property), h.properties.get(property)];
    const requiredBase = b.required.has(property) && bp?.[hidden] !== true;
    const requiredHead = h.required.has(property) && hp?.[hidden] !== true;
    const at = path ? `${path}.${property}` : property;
    // A property of the schema's own keywords is met once per alternative: report it once (the pair is built only then).
    const required = requiredFlags(requiredBase, requiredHead);
    const reported = emitted.get(property, bp, hp, required);
    if (reported === undefined) {
      const key: PropertyKey = { property, base: bp, head: hp, required };
      emitted.set(key, entered.length - 1);
      keys.push(key);
      current.properties.push({
        operation: root.operation,
        direction: root.direction,
        name: `${root.name} property '${at}'`,
        base: bp,
        head: hp,
        visibleBase: bp !== undefined && !bp[hidden],
        visibleHead: hp !== undefined && !hp[hidden],
        requiredBase,
        requiredHead,
        parentBase: b.pointer,
        parentHead: h.pointer,
      });
    } else {
      const frame = frames.at(-1);
      if (frame && reported < frame.lowest) frame.lowest = reported;
    }
    // Properties of a parameter's object value travel as text too (deepObject, exploded form, OAS 3.1.0 section 4.8.12.4).
    if (bp && hp) walk(bp, hp, at, true, textual, depth + 1);
  };

  const walkAlternatives = (
    b: EffectiveSchema,
    h: EffectiveSchema,
    path: string,
    name: string,
    isProperty: boolean,
    textual: boolean,
    depth: number,
  ) => {
    const matches = match(b, h, root.direction === 'request' ? 'head' : 'base');
    current.variants.push({ operation: root.operation, direction: root.direction, name, base: b, head: h, matches });
    // Identical alternatives are walked too: their keys look only so deep (canonical-schema.ts).
    for (const match of matches) {
      if (match.how !== 'paired' && match.how !== 'same') continue;
      const alternative = (h.variants ? match.head : match.base)!;
      const keyword = h.variants?.keyword ?? b.variants?.keyword;
      const label =
        alternative.branch === undefined
          ? ''
          : `(${keyword} ${alternative.branch}${alternative.part ? ` ${alternative.part}` : ''})`;
      walk(match.base!.schema, match.head!.schema, `${path}${label}`, isProperty, textual, depth + 1);
    }
  };

  walk(base, head, '', false, root.textual, 0);
}

function emptyPairs(): SchemaPairs {
  return { schemas: [], properties: [], variants: [] };
}
