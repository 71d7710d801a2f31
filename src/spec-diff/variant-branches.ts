/**
 * The branches of a `oneOf`/`anyOf` as the values they accept: each branch
 * merged with the keywords of the schema that holds it (JSON Schema 2020-12
 * core section 10.2: sibling keywords apply to every value, whichever branch
 * it matches), with its discriminator values (`tag`). Derived once per
 * schema, and a branch merged with keywords that mean the same is the same
 * record, so circular schemas give the same branch records every time and
 * walks and pair memos recognise a pair met again. Without that,
 * `Knot: {allOf: [Tangle], anyOf: [Knot, ...]}` unrolls a new record at
 * every step.
 */
import { canonicalKey } from './canonical-schema.js';
import { dropInapplicable } from './schema-applicability.js';
import { mergeSchemas } from './schema-merge.js';
import { type EffectiveSchema, isUnconstrained } from './schema-record.js';

const derived = new WeakMap<EffectiveSchema, EffectiveSchema[]>();
/** Branch -> canonical key of the keywords merged into it -> the merged record. */
const merged = new WeakMap<EffectiveSchema, Map<string, EffectiveSchema>>();

/** The `oneOf`/`anyOf` branches of `schema`, each merged with the schema's own keywords. */
export function branchesOf(schema: EffectiveSchema): EffectiveSchema[] {
  const known = derived.get(schema);
  if (known) return known;
  const own: EffectiveSchema = { ...schema, variants: undefined, component: undefined };
  const tags = schema.variants?.tags;
  // Most schemas with branches have no keywords of their own: the branches are the alternatives as they are.
  const plain = isUnconstrained(own, true);
  const ownKey = plain ? '' : canonicalKey(own);
  const branches = (schema.variants?.branches ?? []).map((branch, index) => {
    const tagged = tags?.[index] ? { ...branch, tag: tags[index] } : branch;
    return plain ? tagged : mergeOnce(tagged, own, ownKey);
  });
  derived.set(schema, branches);
  return branches;
}

function mergeOnce(branch: EffectiveSchema, own: EffectiveSchema, ownKey: string): EffectiveSchema {
  let byKey = merged.get(branch);
  if (!byKey) merged.set(branch, (byKey = new Map()));
  let result = byKey.get(ownKey);
  if (!result) {
    result = mergeSchemas(branch, own);
    dropInapplicable(result);
    byKey.set(ownKey, result);
  }
  return result;
}
