/**
 * Schemas that no value can meet, found from their own keywords (the `schemas` check). Each rule proves its
 * case: a keyword that applies only to some types (JSON Schema 2020-12 validation section 6) contradicts
 * only when the schema allows no other type. Such a schema makes the mock answer 500 where it is required
 * (it cannot produce a valid value) and fails every real server's value, so the spec is what to fix.
 */
import { jsonType } from '../core/schema/object-shape.js';
import type { OpenApiVersion, SchemaObject } from '../core/spec/types.js';

/** The keyword a contradiction is written at, and why no value can meet the schema. */
export interface Contradiction {
  keyword: string;
  message: string;
}

/** A registered contradiction rule: a stable id and a check of one schema (its sub-schemas are checked on their own). */
export interface ContradictionRule {
  id: string;
  check(schema: SchemaObject, version: OpenApiVersion): Contradiction | undefined;
}

const NUMERIC = new Set(['integer', 'number']);

/** The types a schema's own `type` allows (3.0: `nullable: true` adds null), or undefined when it sets none. */
function ownTypes(schema: SchemaObject, version: OpenApiVersion): Set<string> | undefined {
  const type = schema.type;
  const listed = typeof type === 'string' ? [type] : Array.isArray(type) ? type.map(String) : undefined;
  if (!listed) return undefined;
  if (version === '3.0' && schema.nullable === true) listed.push('null');
  return new Set(listed);
}

/** Whether a value of type `a` can also be of type `b` (every integer is a number). */
function meets(a: string, b: string): boolean {
  return a === b || (a === 'integer' && b === 'number') || (a === 'number' && b === 'integer');
}

function onlyOf(types: Set<string> | undefined, kinds: ReadonlySet<string>): boolean {
  return types !== undefined && types.size > 0 && [...types].every((type) => kinds.has(type));
}

function numberKeyword(schema: SchemaObject, keyword: string): number | undefined {
  const value = schema[keyword];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The lower or upper bound of a number schema: 3.1's numeric exclusive keywords, 3.0's boolean ones. */
function bound(
  schema: SchemaObject,
  side: 'min' | 'max',
): { value: number; exclusive: boolean; keyword: string; label: string } | undefined {
  const [inclusive, exclusive] = side === 'min' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
  const plain = numberKeyword(schema, inclusive);
  const strict = numberKeyword(schema, exclusive);
  if (plain !== undefined && schema[exclusive] === true)
    return { value: plain, exclusive: true, keyword: exclusive, label: `${inclusive} ${plain} (${exclusive}: true)` };
  const tighter = (a: number, b: number) => (side === 'min' ? a > b : a < b);
  if (strict !== undefined && (plain === undefined || !tighter(plain, strict)))
    return { value: strict, exclusive: true, keyword: exclusive, label: `${exclusive} ${strict}` };
  return plain === undefined
    ? undefined
    : { value: plain, exclusive: false, keyword: inclusive, label: `${inclusive} ${plain}` };
}

const numberBoundsCrossed: ContradictionRule = {
  id: 'schema-bounds-crossed',
  check(schema, version) {
    if (!onlyOf(ownTypes(schema, version), NUMERIC)) return undefined;
    const [low, high] = [bound(schema, 'min'), bound(schema, 'max')];
    if (!low || !high) return undefined;
    if (low.value < high.value || (low.value === high.value && !low.exclusive && !high.exclusive)) return undefined;
    return {
      keyword: low.keyword,
      message: `${low.label} and ${high.label} leave no number between them: no value can be valid here (swap or correct the bounds)`,
    };
  },
};

/** minLength/maxLength on strings, minItems/maxItems on arrays, minProperties/maxProperties on objects. */
function countBoundsCrossed(type: string, low: string, high: string, unit: string): ContradictionRule {
  return {
    id: 'schema-bounds-crossed',
    check(schema, version) {
      if (!onlyOf(ownTypes(schema, version), new Set([type]))) return undefined;
      const [min, max] = [numberKeyword(schema, low), numberKeyword(schema, high)];
      if (min === undefined || max === undefined || min <= max) return undefined;
      return {
        keyword: low,
        message: `${low} ${min} is above ${high} ${max}: no ${type} can have between ${min} and ${max} ${unit} (swap or correct the bounds)`,
      };
    },
  };
}

const typeExcludesBranches: ContradictionRule = {
  id: 'schema-type-excludes-branches',
  check(schema, version) {
    const types = ownTypes(schema, version);
    if (!types) return undefined;
    const allows = (branch: unknown) => {
      const branchTypes =
        typeof branch === 'object' && branch !== null ? ownTypes(branch as SchemaObject, version) : undefined;
      return branchTypes === undefined || [...branchTypes].some((type) => [...types].some((own) => meets(type, own)));
    };
    const listed = [...types].join(', ');
    for (const keyword of ['oneOf', 'anyOf']) {
      const branches = schema[keyword];
      if (!Array.isArray(branches) || branches.length === 0 || branches.some(allows)) continue;
      const theirs = [...new Set(branches.flatMap((branch) => [...(ownTypes(branch as SchemaObject, version) ?? [])]))];
      return {
        keyword,
        message: `type ${listed} allows none of the ${keyword} branches' types (${theirs.join(', ')}): no value can be valid here (list every type the value may take, e.g. type: [${[...theirs, ...types].join(', ')}])`,
      };
    }
    const members = schema.allOf;
    if (Array.isArray(members)) {
      const index = members.findIndex((member) => !allows(member));
      if (index >= 0)
        return {
          keyword: `allOf/${index}`,
          message: `type ${listed} and allOf member ${index}'s type ${[...(ownTypes(members[index] as SchemaObject, version) ?? [])].join(', ')} have no value in common: no value can be valid here`,
        };
    }
    return undefined;
  },
};

const enumOutsideType: ContradictionRule = {
  id: 'schema-enum-outside-type',
  check(schema, version) {
    const types = ownTypes(schema, version);
    const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
    if (!types || !values || values.length === 0) return undefined;
    const fits = (value: unknown) => {
      const type = jsonType(value);
      return types.has(type) || (type === 'integer' && types.has('number'));
    };
    if (values.some(fits)) return undefined;
    const keyword = schema.const !== undefined ? 'const' : 'enum';
    return {
      keyword,
      message: `no ${keyword} value is of type ${[...types].join(', ')}: no value can be valid here (correct the values or the type)`,
    };
  },
};

/** Every contradiction rule, in the order they report. */
export const CONTRADICTIONS: readonly ContradictionRule[] = [
  typeExcludesBranches,
  enumOutsideType,
  numberBoundsCrossed,
  countBoundsCrossed('string', 'minLength', 'maxLength', 'characters'),
  countBoundsCrossed('array', 'minItems', 'maxItems', 'items'),
  countBoundsCrossed('object', 'minProperties', 'maxProperties', 'properties'),
];
