/**
 * `oneOf`/`anyOf` compared by what each side accepts, not by branch lists.
 * A schema is read as its alternatives: each branch merged with the
 * schema's own keywords (they apply to every branch), split by JSON type
 * (a `[string, integer]` branch is a string alternative and an integer
 * one); a schema without branches is one alternative, split the same way.
 * alternative-matching.ts matches the alternatives of two schemas.
 */
import { canonicalKey } from './canonical-schema.js';
import { jsonTypeOf } from './same-value.js';
import { dropInapplicable } from './schema-applicability.js';
import { type EffectiveSchema, originOf } from './schema-record.js';
import { covers } from './type-sets.js';
import { branchesOf } from './variant-branches.js';

/** One way a schema accepts values. */
export interface Alternative {
  schema: EffectiveSchema;
  /** Index of the oneOf/anyOf branch it comes from; undefined for a schema without branches. */
  branch: number | undefined;
  /** The one JSON type it was split to, when the branch allowed several. */
  part: string | undefined;
  key: string;
}

/** How two alternatives relate: `same` (identical), `covered` (the other side accepts all of it), `paired` (compare them). */
export interface AlternativeMatch {
  base: Alternative | undefined;
  head: Alternative | undefined;
  how: 'same' | 'covered' | 'paired' | 'added' | 'removed';
}

/** Alternatives per schema record: the same record always gives the same alternative records (walks recognise cycles). */
const derived = new WeakMap<EffectiveSchema, Alternative[]>();

/** The alternatives of `schema`. */
export function alternativesOf(schema: EffectiveSchema): Alternative[] {
  const known = derived.get(schema);
  if (known) return known;
  const key = (part: string | undefined, branch: number | undefined, split: EffectiveSchema) =>
    cachedKey(schema, `${branch ?? '-'}:${part ?? '-'}`, split);
  const alternatives = !schema.variants
    ? splitByType(schema).map(([part, split]) => ({
        schema: split,
        branch: undefined,
        part,
        key: key(part, undefined, split),
      }))
    : branchesOf(schema).flatMap((branch, index) =>
        splitByType(branch).map(([part, split]) => ({
          schema: split,
          branch: index,
          part,
          key: key(part, index, split),
        })),
      );
  derived.set(schema, alternatives);
  return alternatives;
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

/** `oneOf branch 1 (object Dog)`, or `the schema (string)` for a schema without branches. */
export function describeAlternative(alternative: Alternative, keyword: string | undefined): string {
  const types = alternative.schema.types === undefined ? 'any' : alternative.schema.types.join(' or ') || 'nothing';
  const what = [types, alternative.schema.component].filter(Boolean).join(' ');
  return alternative.branch === undefined
    ? `the ${what} schema`
    : `${keyword ?? 'oneOf'} branch ${alternative.branch} (${what})`;
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
