/**
 * One walk of two effective schemas side by side (schema-pairs.ts says what
 * it produces). The walk remembers every pair it entered, so a pair met again
 * (a circular `$ref`, a shared component) is walked once; with sub-walks
 * (sub-walks.ts) it replays what an earlier walk recorded below a shared
 * component and offers what it walked below one.
 */
import type { Direction } from '../core/validation/schema-view.js';
import { describeApplicator, isWalkedApplicator } from './applicator-changes.js';
import type { AlternativeMatcher } from './matched-alternatives.js';
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

/** Where a step stands: the path below the root, whether it ends at a property, text-valued or not, its depth. */
interface Place {
  path: string;
  isProperty: boolean;
  textual: boolean;
  depth: number;
}

/** A walk of one root pair into `sink` (one set of pairs, or pieces with sub-walks replayed and recorded). */
export class PairWalker {
  /** Pair -> entry number (walk order). */
  private readonly visited = new Map<EffectiveSchema, Map<EffectiveSchema, number>>();
  /** Property-pair key -> entry number of the walk that reported it. */
  private readonly emitted = createPropertyKeys();
  private readonly entered: Array<readonly [EffectiveSchema, EffectiveSchema]> = [];
  private readonly keys: PropertyKey[] = [];
  private readonly frames: Frame[] = [];
  private readonly pieces: WalkPiece[] | undefined;
  private current: SchemaPairs;
  /** The flag that hides a property on this side: readOnly in requests, writeOnly in responses (OAS 3.1.0 4.8.24). */
  private readonly hidden: 'readOnly' | 'writeOnly';

  constructor(
    private readonly root: SchemaRoot,
    sink: SchemaPairs | WalkPiece[],
    private readonly subWalks: SubWalks | undefined,
    private readonly match: AlternativeMatcher,
  ) {
    this.pieces = Array.isArray(sink) ? sink : undefined;
    this.current = Array.isArray(sink) ? emptyPairs() : sink;
    this.pieces?.push(this.current);
    this.hidden = root.direction === 'request' ? 'readOnly' : 'writeOnly';
  }

  /** Walk the root pair. */
  run(base: EffectiveSchema, head: EffectiveSchema): void {
    this.walk(base, head, { path: '', isProperty: false, textual: this.root.textual, depth: 0 });
  }

  /** Enter a pair once: met again, it only lowers the open sub-walk's mark; below a shared component, replay or record. */
  private walk(b: EffectiveSchema, h: EffectiveSchema, at: Place): void {
    const frame = this.frames.at(-1);
    if (frame && at.depth > frame.deepest) frame.deepest = at.depth;
    let seen = this.visited.get(b);
    const entry = seen?.get(h);
    if (entry !== undefined) {
      if (frame && entry < frame.lowest) frame.lowest = entry;
      return;
    }
    if (at.depth > MAX_DEPTH) return;
    if (!seen) this.visited.set(b, (seen = new Map()));
    const start = this.entered.length;
    seen.set(h, start);
    this.entered.push([b, h]);
    // Sub-walks are kept at named component schemas only: walks meet those again, and recording costs a rule run.
    if (!this.subWalks || !at.path || b.component === undefined || !isShared(b) || !isShared(h)) {
      this.walkNode(b, h, at);
      return;
    }
    const kept = this.subWalks.get(b, h, this.root.direction, at.textual, at.isProperty, at.path);
    if (kept && at.depth + kept.span <= MAX_DEPTH && this.replayable(kept)) this.replay(kept, start, at);
    else this.record(b, h, start, at, this.subWalks);
  }

  /** Mark `kept`'s pairs and keys as this walk's own and put its recorded hits in place of walking it. */
  private replay(kept: KeptSubWalk, start: number, at: Place): void {
    for (const [kb, kh] of kept.pairs.slice(1)) {
      let row = this.visited.get(kb);
      if (!row) this.visited.set(kb, (row = new Map()));
      row.set(kh, this.entered.length);
      this.entered.push([kb, kh]);
    }
    for (const key of kept.keys) {
      this.emitted.set(key, start);
      this.keys.push(key);
    }
    const frame = this.frames.at(-1);
    if (frame && at.depth + kept.span > frame.deepest) frame.deepest = at.depth + kept.span;
    this.cut();
    this.pieces!.push({ replayed: replayedHits(kept, this.root.operation, this.root.name, at.path) });
    this.pieces!.push((this.current = emptyPairs()));
  }

  /** Walk a shared pair in a frame of its own, and offer it as a sub-walk when it closed on itself. */
  private record(b: EffectiveSchema, h: EffectiveSchema, start: number, at: Place, subWalks: SubWalks): void {
    const pieces = this.pieces!;
    this.cut();
    const own: Frame = {
      start,
      depth: at.depth,
      deepest: at.depth,
      lowest: start,
      piece: pieces.length - 1,
      key: this.keys.length,
    };
    const frame = this.frames.at(-1);
    this.frames.push(own);
    this.walkNode(b, h, at);
    this.frames.pop();
    if (frame) {
      frame.deepest = Math.max(frame.deepest, own.deepest);
      frame.lowest = Math.min(frame.lowest, own.lowest);
    }
    // Closed on itself and cut nothing at the depth limit: any walk that has met none of it walks the same.
    if (own.lowest >= start && own.deepest <= MAX_DEPTH && this.entered.length - start >= MIN_KEPT_PAIRS) {
      const walked = pieces.slice(own.piece);
      const hits = subWalks.rules.map((rule, index) => piecesHits(walked, rule, index, this.root.direction));
      subWalks.offer(b, h, this.root.direction, at.textual, at.isProperty, {
        pairs: this.entered.slice(start),
        keys: this.keys.slice(own.key),
        span: own.deepest - at.depth,
        path: at.path,
        operation: this.root.operation,
        rootName: this.root.name,
        hits,
      });
      // Its hits stand for its pieces: the rules run once over each pair, whatever encloses it.
      pieces.splice(own.piece, pieces.length - own.piece, { replayed: hits });
      pieces.push((this.current = emptyPairs()));
      return;
    }
    this.cut();
  }

  /** Start a new piece, unless the current one is empty or the walk writes one set of pairs. */
  private cut(): void {
    const { current } = this;
    if (
      !this.pieces ||
      (current.schemas.length === 0 && current.properties.length === 0 && current.variants.length === 0)
    )
      return;
    this.pieces.push((this.current = emptyPairs()));
  }

  /** None of `kept`'s pairs (but its own, just entered) or property keys met yet by this walk. */
  private replayable(kept: KeptSubWalk): boolean {
    return (
      kept.pairs.every(([kb, kh], index) => index === 0 || this.visited.get(kb)?.get(kh) === undefined) &&
      kept.keys.every((key) => this.emitted.get(key.property, key.base, key.head, key.required) === undefined)
    );
  }

  /** One pair: alternatives matched, or the pair recorded and its properties, items and applicators walked. */
  private walkNode(b: EffectiveSchema, h: EffectiveSchema, at: Place): void {
    const { path, textual, depth } = at;
    // `property 'owner.name'`; a path that starts with items or a branch names no property: `at '[](oneOf 1)'`.
    const name = !path ? this.root.name : `${this.root.name} ${nameForm(path)} '${path}'`;
    if (b.variants || h.variants) {
      this.walkAlternatives(b, h, name, at);
      return;
    }
    const { operation, direction } = this.root;
    this.current.schemas.push({ operation, direction, name, isProperty: at.isProperty, textual, base: b, head: h });
    for (const property of b.properties.keys()) this.walkProperty(b, h, property, at);
    for (const property of h.properties.keys()) if (!b.properties.has(property)) this.walkProperty(b, h, property, at);
    const below = (suffix: string, text: boolean): Place => ({
      path: `${path}${suffix}`,
      isProperty: false,
      textual: text,
      depth: depth + 1,
    });
    if (b.items && h.items) this.walk(b.items, h.items, below('[]', textual));
    // `false` on either side is opening or closing the object, not a change of the extra properties' schema.
    if (b.additionalProperties?.types?.length && h.additionalProperties?.types?.length)
      this.walk(b.additionalProperties, h.additionalProperties, below('<additionalProperties>', textual));
    for (const [key, bs] of b.subschemas) {
      const hs = h.subschemas.get(key);
      if (!hs || !isWalkedApplicator(key, b, h, direction)) continue;
      this.walk(bs, hs, below(`<${describeApplicator(key)}>`, false));
    }
  }

  /** The pair of `property` of `b` and `h` (either may lack it), then its schemas walked when both have it. */
  private walkProperty(b: EffectiveSchema, h: EffectiveSchema, property: string, at: Place): void {
    const { hidden, root } = this;
    const [bp, hp] = [b.properties.get(property), h.properties.get(property)];
    const requiredBase = b.required.has(property) && bp?.[hidden] !== true;
    const requiredHead = h.required.has(property) && hp?.[hidden] !== true;
    const path = at.path ? `${at.path}.${property}` : property;
    // A property of the schema's own keywords is met once per alternative: report it once (the pair is built only then).
    const required = requiredFlags(requiredBase, requiredHead);
    const reported = this.emitted.get(property, bp, hp, required);
    if (reported === undefined) {
      const key: PropertyKey = { property, base: bp, head: hp, required };
      this.emitted.set(key, this.entered.length - 1);
      this.keys.push(key);
      this.current.properties.push({
        operation: root.operation,
        direction: root.direction,
        name: `${root.name} property '${path}'`,
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
      const frame = this.frames.at(-1);
      if (frame && reported < frame.lowest) frame.lowest = reported;
    }
    // Properties of a parameter's object value travel as text too (deepObject, exploded form, OAS 3.1.0 section 4.8.12.4).
    if (bp && hp) this.walk(bp, hp, { path, isProperty: true, textual: at.textual, depth: at.depth + 1 });
  }

  /** `oneOf`/`anyOf` on either side: the alternatives matched (alternatives.ts), each paired match walked. */
  private walkAlternatives(b: EffectiveSchema, h: EffectiveSchema, name: string, at: Place): void {
    const { operation, direction } = this.root;
    const matches = this.match(b, h, direction === 'request' ? 'head' : 'base');
    this.current.variants.push({ operation, direction, name, base: b, head: h, matches });
    // Identical alternatives are walked too: their keys look only so deep (canonical-schema.ts).
    for (const match of matches) {
      if (match.how !== 'paired' && match.how !== 'same') continue;
      const alternative = (h.variants ? match.head : match.base)!;
      const keyword = h.variants?.keyword ?? b.variants?.keyword;
      const label =
        alternative.branch === undefined
          ? ''
          : `(${keyword} ${alternative.branch}${alternative.part ? ` ${alternative.part}` : ''})`;
      this.walk(match.base!.schema, match.head!.schema, { ...at, path: `${at.path}${label}`, depth: at.depth + 1 });
    }
  }
}

function emptyPairs(): SchemaPairs {
  return { schemas: [], properties: [], variants: [] };
}
