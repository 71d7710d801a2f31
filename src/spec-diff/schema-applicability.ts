/**
 * Keywords that cannot apply to any value a schema accepts change nothing
 * (JSON Schema 2020-12 validation section 6: each assertion applies to
 * instances of one type and ignores the rest). `maximum` on an array,
 * `required` on a string, `then` without `if`: dropped, so adding,
 * changing or removing them reports nothing.
 */
import { jsonTypeOf } from './same-value.js';
import type { Bounds, EffectiveSchema } from './schema-record.js';
import { covers } from './type-sets.js';

const NUMBER_BOUNDS: ReadonlyArray<keyof Bounds> = [
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
];
const STRING_BOUNDS: ReadonlyArray<keyof Bounds> = ['maxLength', 'minLength', 'pattern'];
const ARRAY_BOUNDS: ReadonlyArray<keyof Bounds> = ['maxItems', 'minItems', 'maxContains', 'minContains'];
const OBJECT_BOUNDS: ReadonlyArray<keyof Bounds> = ['maxProperties', 'minProperties'];
const ARRAY_APPLICATORS = /^(prefixItems\/|contains$|unevaluatedItems$)/;
const OBJECT_APPLICATORS = /^(dependentSchemas\/|patternProperties\/|propertyNames$|unevaluatedProperties$)/;

/**
 * Remove from `schema` (in place) what its types make meaningless. An
 * `enum` decides the types by itself: `const: cat` and `type: string,
 * const: cat` are one schema, and a listed value of another type than
 * `type` allows can never validate, so it is left out.
 */
export function dropInapplicable(schema: EffectiveSchema): void {
  if (schema.enum) {
    const listed = schema.types;
    const values = listed ? schema.enum.filter((value) => covers(listed, jsonTypeOf(value))) : schema.enum;
    if (values.length !== schema.enum.length) schema.enum = values;
    schema.types = [...new Set(values.map(jsonTypeOf))].sort();
  }
  const types = schema.types;
  const allows = (type: string) =>
    types === undefined || types.includes(type) || (type === 'number' && types.includes('integer'));
  const drop = (keys: ReadonlyArray<keyof Bounds>) => {
    for (const key of keys) delete schema.bounds[key];
  };
  if (!allows('number')) drop(NUMBER_BOUNDS);
  if (!allows('string')) drop(STRING_BOUNDS);
  if (!allows('array')) {
    drop(ARRAY_BOUNDS);
    schema.items = undefined;
    schema.uniqueItems = false;
    dropSubschemas(schema, ARRAY_APPLICATORS);
  }
  if (!allows('object')) {
    drop(OBJECT_BOUNDS);
    if (schema.properties.size > 0) schema.properties = new Map();
    if (schema.required.size > 0) schema.required = new Set();
    schema.additionalProperties = undefined;
    if (schema.dependentRequired.size > 0) schema.dependentRequired = new Map();
    dropSubschemas(schema, OBJECT_APPLICATORS);
  }
  if (schema.subschemas.size === 0) {
    drop(['maxContains', 'minContains']);
    return;
  }
  // minContains/maxContains without contains are ignored (2020-12 validation section 6.4.4-6.4.5).
  if (![...schema.subschemas.keys()].some((key) => key.startsWith('contains'))) drop(['maxContains', 'minContains']);
  // then/else without if, and if without then/else, assert nothing (core section 10.2.2).
  for (const key of [...schema.subschemas.keys()]) {
    const [keyword, suffix = ''] = key.split('~');
    const has = (other: string) => schema.subschemas.has(suffix ? `${other}~${suffix}` : other);
    if ((keyword === 'then' || keyword === 'else') && !has('if')) schema.subschemas.delete(key);
    if (keyword === 'if' && !has('then') && !has('else')) schema.subschemas.delete(key);
  }
}

function dropSubschemas(schema: EffectiveSchema, pattern: RegExp): void {
  if (schema.subschemas.size === 0) return;
  for (const key of [...schema.subschemas.keys()]) if (pattern.test(key)) schema.subschemas.delete(key);
}
