/**
 * `oneOf`/`anyOf` compared by what each side accepts, not by branch lists.
 * A schema is read as its alternatives: each branch merged with the
 * schema's own keywords (they apply to every branch), split by JSON type
 * (a `[string, integer]` branch is a string alternative and an integer
 * one); a schema without branches is one alternative, split the same way.
 * Alternatives are then matched: identical ones (canonical form), then
 * ones the other side wholly accepts (a branch folded into another), then
 * the closest (same component, same types, shared properties), whose
 * differences the ordinary rules classify. What is left was added or removed.
 */
import { canonicalKey } from './canonical-schema.js';
import { isUnconstrained, originOf, type EffectiveSchema } from './schema-record.js';
import { dropInapplicable } from './schema-applicability.js';
import { acceptsAll } from './schema-cover.js';
import { mergeSchemas } from './schema-merge.js';
import { jsonTypeOf } from './same-value.js';
import { covers } from './type-sets.js';

/** One way a schema accepts values. */
export interface Alternative {
  schema: EffectiveSchema;
  /** Index of the oneOf/anyOf branch it comes from; undefined for a schema without branches. */
  branch: number | undefined;
  /** The one JSON type it was split to, when the branch allowed several. */
  part: string | undefined;
  key: string;
}

/** How two alternatives relate: `same` (identical), `covered` (the other side accepts all of it), `paired` (closest; compare them). */
export interface AlternativeMatch {
  base: Alternative | undefined;
  head: Alternative | undefined;
  how: 'same' | 'covered' | 'paired' | 'added' | 'removed';
}

/** The alternatives of `schema`. */
export function alternativesOf(schema: EffectiveSchema): Alternative[] {
  const key = (part: string | undefined, branch: number | undefined, split: EffectiveSchema) =>
    cachedKey(schema, `${branch ?? '-'}:${part ?? '-'}`, split);
  if (!schema.variants)
    return splitByType(schema).map(([part, split]) => ({
      schema: split,
      branch: undefined,
      part,
      key: key(part, undefined, split),
    }));
  return branchesOf(schema).flatMap((branch, index) =>
    splitByType(branch).map(([part, split]) => ({ schema: split, branch: index, part, key: key(part, index, split) })),
  );
}

/** Keys of alternatives per Schema Object: every operation that uses it derives the same alternatives. */
const alternativeKeys = new WeakMap<object, Map<string, string>>();

function cachedKey(schema: EffectiveSchema, which: string, alternative: EffectiveSchema): string {
  const origin = originOf(schema);
  if (!origin) return canonicalKey(alternative);
  let keys = alternativeKeys.get(origin);
  if (!keys) alternativeKeys.set(origin, (keys = new Map()));
  let key = keys.get(which);
  if (key === undefined) keys.set(which, (key = canonicalKey(alternative)));
  return key;
}

/** The `oneOf`/`anyOf` branches of `schema`, each merged with the schema's own keywords. */
export function branchesOf(schema: EffectiveSchema): EffectiveSchema[] {
  const own: EffectiveSchema = { ...schema, variants: undefined, component: undefined };
  // Most schemas with branches have no keywords of their own: the branches are the alternatives as they are.
  if (isUnconstrained(own, true)) return schema.variants?.branches ?? [];
  return (schema.variants?.branches ?? []).map((branch) => {
    const merged = mergeSchemas(branch, own);
    dropInapplicable(merged);
    return merged;
  });
}

/**
 * Match alternatives. `covering` says which side must accept the other's
 * leftovers: `head` in a request (what clients sent must still pass),
 * `base` in a response (what clients get must be something they knew).
 */
export function matchAlternatives(
  base: Alternative[],
  head: Alternative[],
  covering: 'base' | 'head',
): AlternativeMatch[] {
  const matches: AlternativeMatch[] = [];
  const freeBase = new Set(base);
  const freeHead = new Set(head);
  const take = (b: Alternative | undefined, h: Alternative | undefined, how: AlternativeMatch['how']) => {
    matches.push({ base: b, head: h, how });
    if (b) freeBase.delete(b);
    if (h) freeHead.delete(h);
  };
  for (const b of base) {
    const same = [...freeHead].find((h) => h.key === b.key);
    if (same) take(b, same, 'same');
  }
  const [leftovers, others] = covering === 'head' ? [freeBase, head] : [freeHead, base];
  for (const alternative of [...leftovers]) {
    const wider = others.find((other) => acceptsAll(other.schema, alternative.schema));
    if (!wider) continue;
    if (covering === 'head') take(alternative, wider, 'covered');
    else take(wider, alternative, 'covered');
  }
  const candidates = [...freeBase].flatMap((b) =>
    [...freeHead].map((h) => ({
      b,
      h,
      score: affinity(b.schema, h.schema),
      distance: Math.abs(base.indexOf(b) - head.indexOf(h)),
    })),
  );
  candidates.sort((x, y) => y.score - x.score || x.distance - y.distance);
  for (const { b, h, score } of candidates) if (score > 0 && freeBase.has(b) && freeHead.has(h)) take(b, h, 'paired');
  for (const b of freeBase) matches.push({ base: b, head: undefined, how: 'removed' });
  for (const h of freeHead) matches.push({ base: undefined, head: h, how: 'added' });
  return matches;
}

/** `oneOf branch 1 (object Dog)`, or `the schema (string)` for a schema without branches. */
export function describeAlternative(alternative: Alternative, keyword: string | undefined): string {
  const types = alternative.schema.types === undefined ? 'any' : alternative.schema.types.join(' or ') || 'nothing';
  const what = [types, alternative.schema.component].filter(Boolean).join(' ');
  return alternative.branch === undefined
    ? `the ${what} schema`
    : `${keyword ?? 'oneOf'} branch ${alternative.branch} (${what})`;
}

/** 0: unrelated (no common type); higher: more alike. */
function affinity(a: EffectiveSchema, b: EffectiveSchema): number {
  const shared = (a.types ?? ['any']).some((type) => type === 'any' || covers(b.types, type)) || b.types === undefined;
  if (!shared) return 0;
  let score = 1;
  if (a.component !== undefined && a.component === b.component) score += 1000;
  if (JSON.stringify(a.types) === JSON.stringify(b.types)) score += 100;
  for (const name of a.properties.keys()) if (b.properties.has(name)) score += 10;
  return score;
}

/** One schema per JSON type it allows (each keeping only the keywords of that type); `number` absorbs `integer`. */
function splitByType(schema: EffectiveSchema): Array<[string | undefined, EffectiveSchema]> {
  const types = schema.types?.filter((type) => !(type === 'integer' && schema.types!.includes('number')));
  if (!types || types.length <= 1) return [[undefined, schema]];
  return types.map((type) => {
    const part: EffectiveSchema = {
      ...schema,
      types: [type],
      bounds: { ...schema.bounds },
      subschemas: new Map(schema.subschemas),
    };
    if (schema.enum) part.enum = schema.enum.filter((value) => covers([type], jsonTypeOf(value)));
    dropInapplicable(part);
    return [type, part];
  });
}
