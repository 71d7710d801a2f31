/**
 * allOf as one schema (JSON Schema 2020-12 core section 10.2.1.1: an
 * instance must match every branch): types intersected, properties and
 * required united, bounds tightened. Applicators that mean the same place
 * (`prefixItems/0`, `dependentSchemas/x`, ...) are merged; those whose
 * conjunction is not one schema of the same keyword (`contains`, `not`,
 * an `if`/`then`/`else` group) are kept side by side under a suffixed key.
 */
import type { Bounds, EffectiveSchema } from './schema-record.js';
import { sameValue } from './same-value.js';

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
      properties: mergeMaps(a.properties, b.properties, optional),
      required: new Set([...a.required, ...b.required]),
      additionalProperties: optional(a.additionalProperties, b.additionalProperties),
      items: optional(a.items, b.items),
      readOnly: a.readOnly || b.readOnly,
      writeOnly: a.writeOnly || b.writeOnly,
      bounds: tighten(a.bounds, b.bounds),
      uniqueItems: a.uniqueItems || b.uniqueItems,
      dependentRequired: mergeDependentRequired(a.dependentRequired, b.dependentRequired),
      subschemas: mergeSubschemas(a.subschemas, b.subschemas, optional),
      variants: a.variants ?? b.variants,
      discriminator: a.discriminator ?? b.discriminator,
    });
  };
  return merge;
}

type MergeOptional = (a: EffectiveSchema | undefined, b: EffectiveSchema | undefined) => EffectiveSchema | undefined;

function mergeMaps(
  a: Map<string, EffectiveSchema>,
  b: Map<string, EffectiveSchema>,
  optional: MergeOptional,
): Map<string, EffectiveSchema> {
  const merged = new Map(a);
  for (const [name, schema] of b) merged.set(name, optional(merged.get(name), schema)!);
  return merged;
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
