/**
 * A `oneOf`/`anyOf` whose branches each only list values (`const`, or an
 * `enum` with at most a `type`) is an enum written another way (a 3.1
 * idiom for documenting each value). It is read as one `enum` of the values
 * it accepts, so `enum: [a, b]` and `oneOf: [{const: a}, {const: b}]` compare
 * equal and a change between the two is compared value by value. Under
 * `oneOf` a value listed by two branches matches both and is refused (JSON
 * Schema 2020-12 core section 10.2.1.3), so it is left out.
 */
import { jsonTypeOf, sameValue } from './same-value.js';
import { type EffectiveSchema, isUnconstrained } from './schema-record.js';
import { covers } from './type-sets.js';

/** Replace (in place) value-only branches of `schema` by the enum they add up to. */
export function foldValueBranches(schema: EffectiveSchema): void {
  const variants = schema.variants;
  if (!variants || variants.branches.length === 0 || !variants.branches.every(listsValuesOnly)) return;
  const listed = variants.branches.map((branch) =>
    branch.enum!.filter((value) => branch.types === undefined || covers(branch.types, jsonTypeOf(value))),
  );
  const count = (value: unknown) => listed.filter((values) => values.some((other) => sameValue(other, value))).length;
  const values: unknown[] = [];
  for (const value of listed.flat()) {
    if (values.some((kept) => sameValue(kept, value))) continue;
    if (variants.keyword === 'oneOf' && count(value) > 1) continue;
    if (schema.enum && !schema.enum.some((allowed) => sameValue(allowed, value))) continue;
    if (schema.types && !covers(schema.types, jsonTypeOf(value))) continue;
    values.push(value);
  }
  schema.enum = values;
  schema.variants = undefined;
}

/** A branch that says only which values it accepts (annotations aside). */
function listsValuesOnly(branch: EffectiveSchema): boolean {
  return branch.enum !== undefined && isUnconstrained({ ...branch, enum: undefined, types: undefined }, false);
}
