/**
 * The effective schema: what a Schema Object means once `$ref`s are resolved
 * and `allOf` branches are merged (required lists united, JSON Schema 2020-12
 * section 10.2.1.1: an instance must match every branch). Two specs are
 * compared through this form, so a refactor that keeps the meaning (allOf
 * split, `$ref` extraction, reordering) compares equal.
 * Own keywords are read by schema-keywords.ts; keywords that do not apply to
 * the schema's types are dropped (schema-applicability.ts), so adding
 * `maximum` to an array changes nothing. Discriminated branches carry their
 * discriminator value (discriminator-tags.ts) and branches that only list
 * values are read as one enum (value-set-branches.ts).
 */

import { valueAt } from '../core/json/json-pointer.js';
import { asRecord } from '../core/spec/content.js';
import type { OpenApiVersion, SchemaObject } from '../core/spec/types.js';
import { tagBranches } from './discriminator-tags.js';
import { dropInapplicable } from './schema-applicability.js';
import { readKeywords } from './schema-keywords.js';
import { mergeSchemas } from './schema-merge.js';
import { type EffectiveSchema, emptySchema, setOrigin } from './schema-record.js';
import { type BuiltNode, createSharedSubtrees, type SharedSubtrees } from './shared-subtrees.js';
import { foldValueBranches } from './value-set-branches.js';

/** Build calls deeper than this give an unconstrained schema (a cut): circular `$ref` chains end. */
export const MAX_DEPTH = 64;

/** A `$ref` target being built: whether its subtree stays its own (shared-subtrees.ts). */
interface Frame {
  /** Index in the build log of the target's node. */
  start: number;
  depth: number;
  /** Deepest build call inside. */
  deepest: number;
  /** Lowest log index of a node met again inside (a node built before `start` makes the subtree depend on its root). */
  lowestHit: number;
}

/**
 * Effective schemas over one dereferenced document. Each call builds from one
 * root (a body or parameter schema) with its own memo, so pointers name the
 * path from that root and circular schemas terminate. Subtrees behind a
 * circular `$ref` that would come out the same from any root are built once
 * and adopted by later roots (shared-subtrees.ts). A comparison builds its
 * roots from shared records (shared-records.ts); this builder serves the
 * roots those cannot (the depth limit) and the pairs spelled out for rules.
 */
export function createEffectiveSchemas(
  document: Record<string, unknown>,
  version: OpenApiVersion,
  share = true,
): (schema: unknown, pointer: string) => EffectiveSchema {
  const shared: SharedSubtrees<EffectiveSchema> | undefined = share ? createSharedSubtrees() : undefined;
  // Per root: Schema Object -> index in `log`, the nodes in build order.
  let memo = new Map<object, number>();
  let log: BuiltNode<EffectiveSchema>[] = [];
  const frames: Frame[] = [];
  const components = componentNames(document);

  const build = (schema: unknown, pointer: string, depth: number): EffectiveSchema => {
    if (typeof schema !== 'object' || schema === null) return emptySchema(pointer, schema === false ? [] : undefined);
    const frame = frames.at(-1);
    if (frame && depth > frame.deepest) frame.deepest = depth;
    if (depth > MAX_DEPTH) return emptySchema(pointer, undefined);
    const raw = schema as SchemaObject;
    // Circular references survive dereferencing as local $refs.
    if (typeof raw.$ref === 'string' && raw.$ref.startsWith('#')) {
      const target = valueAt(document, raw.$ref);
      if (target !== undefined && target !== raw) return buildTarget(target, raw.$ref.slice(1), depth + 1);
    }
    const index = memo.get(raw);
    if (index !== undefined) {
      if (frame && index < frame.lowestHit) frame.lowestHit = index;
      return log[index]!.node;
    }
    const own = newRecord(raw, pointer, components);
    memo.set(raw, log.length);
    log.push({ raw, node: own });
    completeRecord(own, raw, pointer, version, (child, at) => build(child, at, depth + 1));
    return own;
  };

  /** The target of a circular `$ref` at its absolute `pointer`: adopted when shared, else built and offered. */
  const buildTarget = (target: unknown, pointer: string, depth: number): EffectiveSchema => {
    if (!shared || typeof target !== 'object' || target === null || depth > MAX_DEPTH || memo.has(target))
      return build(target, pointer, depth);
    const kept = shared.get(target, pointer);
    if (kept && depth + kept.span <= MAX_DEPTH && kept.nodes.every((built) => !memo.has(built.raw))) {
      const frame = frames.at(-1);
      if (frame && depth + kept.span > frame.deepest) frame.deepest = depth + kept.span;
      for (const built of kept.nodes) {
        memo.set(built.raw, log.length);
        log.push(built);
      }
      return kept.nodes[0]!.node;
    }
    const frame: Frame = { start: log.length, depth, deepest: depth, lowestHit: Number.POSITIVE_INFINITY };
    frames.push(frame);
    const node = build(target, pointer, depth);
    frames.pop();
    const parent = frames.at(-1);
    if (parent) {
      parent.deepest = Math.max(parent.deepest, frame.deepest);
      parent.lowestHit = Math.min(parent.lowestHit, frame.lowestHit);
    }
    // Its own subtree only, nothing cut at the depth limit: the same from any root that has not met its nodes.
    if (frame.lowestHit >= frame.start && frame.deepest <= MAX_DEPTH && log[frame.start]?.node === node)
      shared.offer(target, pointer, log.slice(frame.start), frame.deepest - depth);
    return node;
  };

  return (schema, pointer) => {
    memo = new Map();
    log = [];
    frames.length = 0;
    return build(schema, pointer, 0);
  };
}

/** A record for the Schema Object `raw` at `pointer`, its own keywords and children not read yet (completeRecord). */
export function newRecord(
  raw: SchemaObject,
  pointer: string,
  components: ReadonlyMap<object, string>,
): EffectiveSchema {
  const own = emptySchema(pointer, undefined);
  own.component = components.get(raw);
  setOrigin(own, raw);
  return own;
}

/**
 * Fill `own` (from newRecord, already memoised so that cycles end at it) with what `raw` says: its own
 * keywords, its children built by `child` (in one fixed order: record-pointers.ts replays it), `allOf`
 * merged, branches tagged and folded, inapplicable keywords dropped.
 */
export function completeRecord(
  own: EffectiveSchema,
  raw: SchemaObject,
  pointer: string,
  version: OpenApiVersion,
  child: (schema: unknown, pointer: string) => EffectiveSchema,
): void {
  readKeywords(own, raw, pointer, version, child);
  tagBranches(own, (raw.discriminator as { mapping?: unknown } | undefined)?.mapping);
  if (Array.isArray(raw.allOf)) {
    const merged = raw.allOf.reduce<EffectiveSchema>(
      (acc, branch, index) => mergeSchemas(acc, child(branch, `${pointer}/allOf/${index}`)),
      own,
    );
    Object.assign(own, merged, { pointer, component: own.component });
    // 3.0 `nullable` beside allOf without a `type`: "this schema, or null" (as core/validation/schema-view.ts reads it).
    if (version === '3.0' && raw.nullable === true && own.types && !own.types.includes('null'))
      own.types = [...own.types, 'null'].sort();
  }
  foldValueBranches(own);
  dropInapplicable(own);
}

/** Dereferenced component schemas by object identity (swagger-parser inlines the same object everywhere). */
export function componentNames(document: Record<string, unknown>): Map<object, string> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(asRecord(asRecord(document.components).schemas))) {
    if (typeof schema === 'object' && schema !== null && !names.has(schema)) names.set(schema, name);
  }
  return names;
}
