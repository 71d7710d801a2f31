/**
 * The branches of a `oneOf`/`anyOf` as the values they accept: each branch
 * merged with the keywords of the schema that holds it (JSON Schema 2020-12
 * core section 10.2: sibling keywords apply to every value, whichever branch
 * it matches), with its discriminator values (`tag`). Derived once per schema, so circular schemas give the same
 * branch records every time and pair memos can recognise a pair met again.
 */
import { dropInapplicable } from './schema-applicability.js';
import { mergeSchemas } from './schema-merge.js';
import { isUnconstrained, type EffectiveSchema } from './schema-record.js';

const derived = new WeakMap<EffectiveSchema, EffectiveSchema[]>();

/** The `oneOf`/`anyOf` branches of `schema`, each merged with the schema's own keywords. */
export function branchesOf(schema: EffectiveSchema): EffectiveSchema[] {
  const known = derived.get(schema);
  if (known) return known;
  const own: EffectiveSchema = { ...schema, variants: undefined, component: undefined };
  const tags = schema.variants?.tags;
  // Most schemas with branches have no keywords of their own: the branches are the alternatives as they are.
  const branches = (schema.variants?.branches ?? []).map((branch, index) => {
    const tagged = tags?.[index] ? { ...branch, tag: tags[index] } : branch;
    if (isUnconstrained(own, true)) return tagged;
    const merged = mergeSchemas(tagged, own);
    dropInapplicable(merged);
    return merged;
  });
  derived.set(schema, branches);
  return branches;
}
