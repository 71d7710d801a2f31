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
import type { Direction } from '../validation/schema-view.js';
import { matchAlternatives } from './alternative-matching.js';
import { alternativesOf } from './alternatives.js';
import { describeApplicator } from './applicator-changes.js';
import { canonicalKey } from './canonical-schema.js';
import type { EffectiveSchema } from './schema-record.js';
import type { PropertyPair, SchemaPairs } from './types.js';

/** Where a walk starts: a body, parameter or header schema. */
export interface SchemaRoot {
  operation: string;
  direction: Direction;
  name: string;
  /** A parameter or header: values travel as text (OAS 3.1.0 section 4.8.12.4). */
  textual: boolean;
}

/** Applicators whose change of content cannot be classified by walking (the condition of `if`, the negation of `not`). */
const NOT_WALKED = /^(if|not)(~\d+)?$/;
const MAX_DEPTH = 64;

/** Pair up `base` and `head` (roots of a body, parameter or header) into `out`. */
export function pairSchemas(out: SchemaPairs, root: SchemaRoot, base: EffectiveSchema, head: EffectiveSchema): void {
  const visited = new Map<EffectiveSchema, Set<EffectiveSchema>>();
  const emitted = new Set<string>();
  const ids = new Map<EffectiveSchema, number>();
  const id = (schema: EffectiveSchema | undefined) => {
    if (!schema) return 0;
    if (!ids.has(schema)) ids.set(schema, ids.size + 1);
    return ids.get(schema)!;
  };
  const hidden = root.direction === 'request' ? 'readOnly' : 'writeOnly';

  const walk = (
    b: EffectiveSchema,
    h: EffectiveSchema,
    path: string,
    isProperty: boolean,
    textual: boolean,
    depth: number,
  ) => {
    const seen = visited.get(b) ?? new Set<EffectiveSchema>();
    if (seen.has(h) || depth > MAX_DEPTH) return;
    seen.add(h);
    visited.set(b, seen);
    // `property 'owner.name'`; a path that starts with items or a branch names no property: `at '[](oneOf 1)'`.
    const name = !path
      ? root.name
      : /^[[(<]/.test(path)
        ? `${root.name} at '${path}'`
        : `${root.name} property '${path}'`;
    if (b.variants || h.variants) {
      walkAlternatives(b, h, path, name, isProperty, textual, depth);
      return;
    }
    out.schemas.push({
      operation: root.operation,
      direction: root.direction,
      name,
      isProperty,
      textual,
      base: b,
      head: h,
    });
    for (const property of new Set([...b.properties.keys(), ...h.properties.keys()])) {
      const bp = b.properties.get(property);
      const hp = h.properties.get(property);
      const pair: PropertyPair = {
        operation: root.operation,
        direction: root.direction,
        name: `${root.name} property '${path ? `${path}.${property}` : property}'`,
        base: bp,
        head: hp,
        visibleBase: bp !== undefined && !bp[hidden],
        visibleHead: hp !== undefined && !hp[hidden],
        requiredBase: b.required.has(property) && bp?.[hidden] !== true,
        requiredHead: h.required.has(property) && hp?.[hidden] !== true,
        parentBase: b.pointer,
        parentHead: h.pointer,
      };
      // A property of the schema's own keywords is met once per alternative: report it once.
      const key = `${property}\u0000${id(bp)}\u0000${id(hp)}\u0000${pair.requiredBase}\u0000${pair.requiredHead}`;
      if (!emitted.has(key)) {
        emitted.add(key);
        out.properties.push(pair);
      }
      // Properties of a parameter's object value travel as text too (deepObject, exploded form, OAS 3.1.0 section 4.8.12.4).
      if (bp && hp) walk(bp, hp, path ? `${path}.${property}` : property, true, textual, depth + 1);
    }
    if (b.items && h.items) walk(b.items, h.items, `${path}[]`, false, textual, depth + 1);
    // `false` on either side is opening or closing the object, not a change of the extra properties' schema.
    if (b.additionalProperties?.types?.length && h.additionalProperties?.types?.length)
      walk(b.additionalProperties, h.additionalProperties, `${path}<additionalProperties>`, false, textual, depth + 1);
    for (const [key, bs] of b.subschemas) {
      const hs = h.subschemas.get(key);
      if (!hs || NOT_WALKED.test(key) || !sameCondition(b, h, key) || opensResponse(key, bs, root.direction)) continue;
      walk(bs, hs, `${path}<${describeApplicator(key)}>`, false, false, depth + 1);
    }
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
    const matches = matchAlternatives(
      { schema: b, alternatives: alternativesOf(b) },
      { schema: h, alternatives: alternativesOf(h) },
      root.direction === 'request' ? 'head' : 'base',
    );
    out.variants.push({ operation: root.operation, direction: root.direction, name, base: b, head: h, matches });
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

/**
 * `unevaluatedProperties: false` (or `unevaluatedItems`) in a response opened
 * to a schema lets more through, which clients ignore, as a new response
 * property (the other way round, or in a request, the walk classifies it).
 */
function opensResponse(key: string, base: EffectiveSchema, direction: Direction): boolean {
  return direction === 'response' && /^unevaluated(Properties|Items)$/.test(key) && base.types?.length === 0;
}

/** `then`/`else` are compared only under the same `if` (their meaning depends on it). */
function sameCondition(b: EffectiveSchema, h: EffectiveSchema, key: string): boolean {
  const match = /^(then|else)(~\d+)?$/.exec(key);
  if (!match) return true;
  const condition = `if${match[2] ?? ''}`;
  const [bIf, hIf] = [b.subschemas.get(condition), h.subschemas.get(condition)];
  return bIf !== undefined && hIf !== undefined && canonicalKey(bIf) === canonicalKey(hIf);
}
