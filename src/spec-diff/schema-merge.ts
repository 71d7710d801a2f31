/**
 * allOf as one schema (JSON Schema 2020-12 core section 10.2.1.1: an
 * instance must match every branch): types intersected, properties and
 * required united, bounds tightened. Applicators that mean the same place
 * (`prefixItems/0`, `dependentSchemas/x`, ...) are merged; those whose
 * conjunction is not one schema of the same keyword (`contains`, `not`,
 * an `if`/`then`/`else` group) are kept side by side under a suffixed key.
 */

import { sameValue } from './same-value.js';
import { dropInapplicable } from './schema-applicability.js';
import type { Bounds, EffectiveSchema, Variants } from './schema-record.js';

/** Keywords whose two schemas cannot be merged into one of the same keyword. */
const KEPT_APART = /^(contains|not|if|then|else)$/;

/** Both schemas at once (allOf). Circular schemas merge once per pair: a pair met again is the merge in progress. */
export function mergeSchemas(a: EffectiveSchema, b: EffectiveSchema): EffectiveSchema {
  return mergeWith(new Map())(a, b);
}

type Merge = (a: EffectiveSchema, b: EffectiveSchema) => EffectiveSchema;

function mergeWith(memo: Map<EffectiveSchema, Map<EffectiveSchema, EffectiveSchema>>): Merge {
  const merge: Merge = (a, b) => {
    let row = memo.get(a);
    if (!row) memo.set(a, (row = new Map()));
    const known = row.get(b);
    if (known) return known;
    const merged = { ...a };
    row.set(b, merged);
    const optional = (x: EffectiveSchema | undefined, y: EffectiveSchema | undefined) =>
      x && y && x !== y ? merge(x, y) : (x ?? y);
    return Object.assign(merged, {
      types: intersectTypes(a.types, b.types),
      format: a.format ?? b.format,
      enum:
        a.enum && b.enum
          ? a.enum.filter((value) => b.enum!.some((other) => sameValue(value, other)))
          : (a.enum ?? b.enum),
      default: a.default ?? b.default,
      properties: mergeProperties(a, b, optional),
      required: new Set([...a.required, ...b.required]),
      additionalProperties: optional(a.additionalProperties, b.additionalProperties),
      items: optional(a.items, b.items),
      readOnly: a.readOnly || b.readOnly,
      writeOnly: a.writeOnly || b.writeOnly,
      bounds: tighten(a.bounds, b.bounds),
      uniqueItems: a.uniqueItems || b.uniqueItems,
      dependentRequired: mergeDependentRequired(a.dependentRequired, b.dependentRequired),
      subschemas: mergeSubschemas(a.subschemas, b.subschemas, optional),
      variants: combineVariants(a.variants, b.variants, merge),
      discriminator: a.discriminator ?? b.discriminator,
      tag: a.tag ?? b.tag,
    });
  };
  return merge;
}

type MaybeVariants = Variants | undefined;

/** Above this many branches the product of two groups is not spelled out: the first group is kept. */
const MAX_PRODUCT = 64;

/**
 * Two `oneOf`/`anyOf` groups under one `allOf`: a value must match a branch
 * of each, so the alternatives are the pairs of branches (x and y for every
 * x, y). For two `oneOf`s the product is exact: a value matches exactly one
 * pair when it matches exactly one branch of each. A `oneOf` with an `anyOf`
 * is read as `anyOf` (it accepts a little more). Pairs that accept nothing
 * (`string` with `object`) are dropped.
 */
function combineVariants(a: MaybeVariants, b: MaybeVariants, merge: Merge): MaybeVariants {
  if (!a || !b || a === b) return a ?? b;
  if (a.branches.length * b.branches.length > MAX_PRODUCT) return a;
  const pairs = a.branches.flatMap((x, i) =>
    b.branches.map((y, j) => {
      const both = merge(x, y);
      dropInapplicable(both);
      // Named after both members, so the same pair matches across specs and messages say which it is.
      if (x.component !== undefined && y.component !== undefined) both.component = `${x.component} & ${y.component}`;
      return { both, tag: a.tags?.[i] ?? b.tags?.[j] };
    }),
  );
  const kept = pairs.filter(({ both }) => both.types?.length !== 0);
  return {
    keyword: a.keyword === b.keyword ? a.keyword : 'anyOf',
    branches: kept.map(({ both }) => both),
    ...(a.tags || b.tags ? { tags: kept.map(({ tag }) => tag) } : {}),
  };
}

type MergeOptional = (a: EffectiveSchema | undefined, b: EffectiveSchema | undefined) => EffectiveSchema | undefined;

/**
 * A property one side declares and the other does not is, on the other
 * side, one of its additional properties: `additionalProperties` in one
 * allOf branch does not see the properties of another (JSON Schema 2020-12
 * core section 10.3.2.3), so `additionalProperties: false` there forbids them.
 */
function mergeProperties(
  a: EffectiveSchema,
  b: EffectiveSchema,
  optional: MergeOptional,
): Map<string, EffectiveSchema> {
  const [extraA, extraB] = [extraOf(a), extraOf(b)];
  const merged = new Map(a.properties);
  if (extraB)
    for (const [name, schema] of a.properties) if (!b.properties.has(name)) merged.set(name, optional(schema, extraB)!);
  for (const [name, schema] of b.properties) merged.set(name, optional(a.properties.get(name) ?? extraA, schema)!);
  return merged;
}

/** The schema of a property `schema` does not declare; undefined when patternProperties may decide instead. */
function extraOf(schema: EffectiveSchema): EffectiveSchema | undefined {
  if ([...schema.subschemas.keys()].some((key) => key.startsWith('patternProperties/'))) return undefined;
  return schema.additionalProperties;
}

function mergeDependentRequired(a: Map<string, Set<string>>, b: Map<string, Set<string>>): Map<string, Set<string>> {
  const merged = new Map([...a].map(([name, names]) => [name, new Set(names)]));
  for (const [name, names] of b) merged.set(name, new Set([...(merged.get(name) ?? []), ...names]));
  return merged;
}

function mergeSubschemas(
  a: Map<string, EffectiveSchema>,
  b: Map<string, EffectiveSchema>,
  optional: MergeOptional,
): Map<string, EffectiveSchema> {
  const merged = new Map(a);
  const apart = [...b.keys()].some((key) => KEPT_APART.test(key) && a.has(key));
  // One suffix for b's whole if/then/else group, so the three stay together.
  let n = 0;
  if (apart)
    do n += 1;
    while ([...b.keys()].some((key) => merged.has(`${key}~${n}`)));
  const suffix = apart ? `~${n}` : '';
  for (const [key, schema] of b) {
    if (KEPT_APART.test(key)) merged.set(apart ? `${key}${suffix}` : key, schema);
    else merged.set(key, optional(merged.get(key), schema)!);
  }
  return merged;
}

function intersectTypes(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (!a) return b;
  if (!b) return a;
  const kept = a.flatMap((type) =>
    b.includes(type)
      ? [type]
      : type === 'number' && b.includes('integer')
        ? ['integer']
        : type === 'integer' && b.includes('number')
          ? ['integer']
          : [],
  );
  return [...new Set(kept)].sort();
}

/** The tighter of each bound; `pattern`s cannot be intersected, the first is kept. */
function tighten(a: Bounds, b: Bounds): Bounds {
  const pick = (x: number | undefined, y: number | undefined, f: (...n: number[]) => number) =>
    x === undefined ? y : y === undefined ? x : f(x, y);
  const out: Bounds = {
    maxLength: pick(a.maxLength, b.maxLength, Math.min),
    minLength: pick(a.minLength, b.minLength, Math.max),
    maximum: pick(a.maximum, b.maximum, Math.min),
    minimum: pick(a.minimum, b.minimum, Math.max),
    exclusiveMaximum: pick(a.exclusiveMaximum, b.exclusiveMaximum, Math.min),
    exclusiveMinimum: pick(a.exclusiveMinimum, b.exclusiveMinimum, Math.max),
    multipleOf: a.multipleOf ?? b.multipleOf,
    maxItems: pick(a.maxItems, b.maxItems, Math.min),
    minItems: pick(a.minItems, b.minItems, Math.max),
    maxContains: pick(a.maxContains, b.maxContains, Math.min),
    minContains: pick(a.minContains, b.minContains, Math.max),
    maxProperties: pick(a.maxProperties, b.maxProperties, Math.min),
    minProperties: pick(a.minProperties, b.minProperties, Math.max),
    pattern: a.pattern ?? b.pattern,
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined)) as Bounds;
}
