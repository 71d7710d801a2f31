/**
 * Does one schema accept every value another accepts? Used to tell a
 * `oneOf`/`anyOf` branch that was folded into another (`enum: [a]` and
 * `enum: [b]` becoming `enum: [a, b]`) from one that was dropped. Answers
 * true only when the simple keywords prove it; anything it cannot weigh
 * (applicators, nested alternatives, different patterns) answers false, so
 * the branch is reported rather than silently passed.
 */
import { canonicalKey } from './canonical-schema.js';
import { isUnconstrained, type Bounds, type EffectiveSchema } from './schema-record.js';
import { pairMemo } from './pair-memo.js';
import { mayAccept } from './schema-overlap.js';
import { isFormatWidening, lostTypes } from './type-sets.js';

const UPPER: ReadonlyArray<keyof Bounds> = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const LOWER: ReadonlyArray<keyof Bounds> = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const MAX_DEPTH = 16;

/**
 * True when every value `narrower` accepts is accepted by `wider` (as far as
 * can be proved). Circular schemas are read coinductively: a pair met again
 * while it is being decided is assumed to hold, as for recursive types.
 */
export function acceptsAll(wider: EffectiveSchema, narrower: EffectiveSchema): boolean {
  const memo = pairMemo(true);
  const accepts = (w: EffectiveSchema, n: EffectiveSchema, depth: number): boolean =>
    depth <= MAX_DEPTH && memo(w, n, () => decide(w, n, (cw, cn) => accepts(cw, cn, depth + 1)));
  return accepts(wider, narrower, 0);
}

function decide(
  wider: EffectiveSchema,
  narrower: EffectiveSchema,
  accepts: (wider: EffectiveSchema, narrower: EffectiveSchema) => boolean,
): boolean {
  if (narrower.types?.length === 0) return true;
  if (narrower.enum) return narrower.enum.every((value) => isSimple(wider) && mayAccept(wider, value));
  if (wider.enum) return false;
  if (lostTypes(narrower.types, wider.types).length > 0) return false;
  if (!isFormatWidening(narrower.format, wider.format)) return false;
  if (wider.bounds.pattern !== undefined && wider.bounds.pattern !== narrower.bounds.pattern) return false;
  if (wider.bounds.multipleOf !== undefined && wider.bounds.multipleOf !== narrower.bounds.multipleOf) return false;
  if (
    UPPER.some(
      (key) =>
        wider.bounds[key] !== undefined &&
        !(
          (narrower.bounds[key] as number | undefined) !== undefined &&
          (narrower.bounds[key] as number) <= (wider.bounds[key] as number)
        ),
    )
  )
    return false;
  if (
    LOWER.some(
      (key) =>
        wider.bounds[key] !== undefined &&
        !(
          (narrower.bounds[key] as number | undefined) !== undefined &&
          (narrower.bounds[key] as number) >= (wider.bounds[key] as number)
        ),
    )
  )
    return false;
  if (wider.uniqueItems && !narrower.uniqueItems) return false;
  if ([...wider.required].some((name) => !narrower.required.has(name))) return false;
  for (const [name, property] of wider.properties) {
    const other = narrower.properties.get(name) ?? narrower.additionalProperties;
    if (other ? !accepts(property, other) : !constrainsNothing(property)) return false;
  }
  if (
    wider.additionalProperties &&
    !(narrower.additionalProperties && accepts(wider.additionalProperties, narrower.additionalProperties))
  )
    return false;
  if (wider.items && !(narrower.items ? accepts(wider.items, narrower.items) : constrainsNothing(wider.items)))
    return false;
  return sameApplicators(wider, narrower);
}

/** Applicators, dependentRequired and alternatives are not weighed: only identical ones pass. */
function sameApplicators(wider: EffectiveSchema, narrower: EffectiveSchema): boolean {
  if (wider.subschemas.size === 0 && wider.dependentRequired.size === 0 && !wider.variants) return true;
  const part = (schema: EffectiveSchema) =>
    canonicalKey({
      ...schema,
      properties: new Map(),
      items: undefined,
      additionalProperties: undefined,
      bounds: {},
      enum: undefined,
      types: undefined,
      format: undefined,
      required: new Set(),
      default: undefined,
    });
  return part(wider) === part(narrower);
}

function isSimple(schema: EffectiveSchema): boolean {
  return (
    schema.subschemas.size === 0 &&
    schema.dependentRequired.size === 0 &&
    !schema.variants &&
    !schema.bounds.multipleOf &&
    !schema.uniqueItems
  );
}

function constrainsNothing(schema: EffectiveSchema): boolean {
  return isUnconstrained(schema, false);
}
