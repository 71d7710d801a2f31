/**
 * Does one schema accept every value another accepts? Used to tell a
 * `oneOf`/`anyOf` branch that was folded into another (`enum: [a]` and
 * `enum: [b]` becoming `enum: [a, b]`) from one that was dropped. Answers
 * true only when the simple keywords and the alternatives prove it;
 * anything it cannot weigh (applicators, different patterns) answers false,
 * so the branch is reported rather than silently passed. A branch of a
 * discriminated union only covers values dispatched to it (its `tag`).
 */
import { canonicalKey } from './canonical-schema.js';
import { mayAccept, mayOverlap } from './schema-overlap.js';
import { type Bounds, type EffectiveSchema, isUnconstrained } from './schema-record.js';
import { isFormatWidening, lostTypes } from './type-sets.js';
import { branchesOf } from './variant-branches.js';

const UPPER: ReadonlyArray<keyof Bounds> = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const LOWER: ReadonlyArray<keyof Bounds> = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const MAX_DEPTH = 16;

/** Decide a child pair: `guarded` when a property, item or additional property lies between it and its parent. */
type Accepts = (wider: EffectiveSchema, narrower: EffectiveSchema, guarded: boolean) => boolean;

/**
 * True when every value `narrower` accepts is accepted by `wider` (as far as
 * can be proved). Circular schemas are read coinductively: a pair met again
 * while it is being decided is assumed to hold, as for recursive types, when
 * a property or item lies between the two meetings. When only branches do
 * (`Node: oneOf: [..., $ref Node]`) the loop proves nothing and answers false.
 */
export function acceptsAll(wider: EffectiveSchema, narrower: EffectiveSchema): boolean {
  const decided = new Map<EffectiveSchema, Map<EffectiveSchema, boolean>>();
  const open = new Map<EffectiveSchema, Map<EffectiveSchema, number>>();
  const row = <T>(table: Map<EffectiveSchema, Map<EffectiveSchema, T>>, key: EffectiveSchema) => {
    let found = table.get(key);
    if (!found) table.set(key, (found = new Map()));
    return found;
  };
  const accepts = (w: EffectiveSchema, n: EffectiveSchema, depth: number, guards: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    const known = decided.get(w)?.get(n);
    if (known !== undefined) return known;
    const entered = open.get(w)?.get(n);
    if (entered !== undefined) return guards > entered;
    row(open, w).set(n, guards);
    const result = decide(w, n, (cw, cn, guarded) => accepts(cw, cn, depth + 1, guarded ? guards + 1 : guards));
    open.get(w)!.delete(n);
    row(decided, w).set(n, result);
    return result;
  };
  return accepts(wider, narrower, 0, 0);
}

function decide(wider: EffectiveSchema, narrower: EffectiveSchema, accepts: Accepts): boolean {
  if (narrower.types?.length === 0) return true;
  if (wider.tag && !dispatchedWithin(narrower, wider)) return false;
  if (wider.variants) return acceptedByBranch(wider, narrower, accepts);
  if (narrower.enum) return narrower.enum.every((value) => isSimple(wider) && mayAccept(wider, value));
  if (narrower.variants) return branchesOf(narrower).every((branch) => accepts(wider, branch, false));
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
    if (other ? !accepts(property, other, true) : !constrainsNothing(property)) return false;
  }
  if (
    wider.additionalProperties &&
    !(narrower.additionalProperties && accepts(wider.additionalProperties, narrower.additionalProperties, true))
  )
    return false;
  if (wider.items && !(narrower.items ? accepts(wider.items, narrower.items, true) : constrainsNothing(wider.items)))
    return false;
  return sameApplicators(wider, narrower);
}

/**
 * `wider` has alternatives: `narrower` (or each of its values, or each of
 * its own alternatives) must be accepted by one of them. Under `oneOf` that
 * one must be the only match (core section 10.2.1.3), unless a discriminator
 * says which branch applies (OAS 3.1.0 section 4.8.25).
 */
function acceptedByBranch(wider: EffectiveSchema, narrower: EffectiveSchema, accepts: Accepts): boolean {
  const branches = branchesOf(wider);
  const exclusive = wider.variants?.keyword === 'oneOf' && wider.discriminator === undefined;
  if (narrower.enum)
    return narrower.enum.every((value) => {
      const taking = branches.filter((branch) => mayAccept(branch, value));
      return taking.length > 0 && (exclusive ? taking.length === 1 : true) && isSimple(taking[0]!);
    });
  const index = branches.findIndex((branch) => accepts(branch, narrower, false));
  if (index >= 0) return !exclusive || branches.every((other, at) => at === index || !mayOverlap(other, narrower));
  return narrower.variants !== undefined && branchesOf(narrower).every((branch) => accepts(wider, branch, false));
}

/** `narrower` is a branch dispatched on the same property, by values `wider` is dispatched on too. */
function dispatchedWithin(narrower: EffectiveSchema, wider: EffectiveSchema): boolean {
  const [inner, outer] = [narrower.tag, wider.tag];
  return (
    inner !== undefined &&
    outer !== undefined &&
    inner.property === outer.property &&
    inner.values.every((value) => outer.values.includes(value))
  );
}

/** Applicators and dependentRequired are not weighed: only identical ones pass. */
function sameApplicators(wider: EffectiveSchema, narrower: EffectiveSchema): boolean {
  if (wider.subschemas.size === 0 && wider.dependentRequired.size === 0) return true;
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
