/**
 * JSON Schema -> generator of valid values: the entry point of src/generate.
 * `const` and `enum` pick their values, `oneOf`/`anyOf` pick a branch merged
 * with the rest of the schema, `allOf` is folded in (schema-facts.ts), and
 * each allowed type contributes its generator. Values are meant to be valid;
 * the property phase still validates each one before sending it and drops
 * the few that are not (exotic keywords, oneOf overlap).
 */
import { chosenBranch, outsideBranches } from '../schema/branch-exclusion.js';
import { isRecord } from '../schema/object-shape.js';
import type { SchemaObject } from '../spec/types.js';
import { booleans, constant, constantFrom, filtered, type Gen, mapped, oneOf, type Weighted } from './fast-check.js';
import { integerGen, integerRange, numberGen } from './integers.js';
import { anyPrimitive, arrayGen, objectGen } from './objects.js';
import { allowedTypes, flatten, type JsonTypeName, MAX_DEPTH, mergeSchemas, type SchemaScope } from './schema-facts.js';
import { stringGen } from './strings.js';

/** Weight of each type when a schema allows several (null rarely: it is one value). */
const TYPE_WEIGHTS: Record<JsonTypeName, number> = {
  string: 4,
  integer: 4,
  number: 3,
  boolean: 2,
  object: 3,
  array: 2,
  null: 1,
};

/** A generator of values valid for `schema`. */
export function valueGen(schema: SchemaObject | undefined, scope: SchemaScope, depth = 0): Gen<unknown> {
  const flat = flatten(schema, scope);
  const recurse = (child: SchemaObject | undefined, childDepth: number) => valueGen(child, scope, childDepth);
  if (flat.const !== undefined) return constant(flat.const);
  if (Array.isArray(flat.enum) && flat.enum.length > 0) return constantFrom(...flat.enum);
  const branches = branchSchemas(flat);
  if (branches.length > 0) {
    // Past the depth bound only the first branch is followed, so recursive schemas end.
    const chosen = depth >= MAX_DEPTH ? branches.slice(0, 1) : branches;
    const exclusive = Array.isArray(flat.oneOf) && flat.oneOf.length > 1;
    return either(
      chosen.map((branch, index) => () => {
        const gen = valueGen(branch, scope, depth + 1);
        return {
          gen: exclusive ? exclusiveGen(gen, branch, index, flat.oneOf as SchemaObject[], scope) : gen,
          weight: 1,
        };
      }),
    );
  }
  const types = allowedTypes(flat, scope.version);
  if (types.length === 0) return anyPrimitive(scope.shapeOnly, scope.charset);
  return either(
    types.map((type) => () => ({ gen: typeGen(type, flat, scope, depth, recurse), weight: TYPE_WEIGHTS[type] })),
  );
}

/**
 * Values of the `oneOf` branch at `index` kept out of the other branches where they overlap (JSON Schema
 * 2020-12 section 10.2.1.3): a `number` branch beside an `integer` one gives no whole numbers, and an
 * object gets a property of the wrong type for each other branch (core/schema/branch-exclusion.ts). The
 * validator still judges every value; this only makes most of them pass.
 */
function exclusiveGen(
  gen: Gen<unknown>,
  branch: SchemaObject,
  index: number,
  oneOf: SchemaObject[],
  scope: SchemaScope,
): Gen<unknown> {
  const others = oneOf.filter((_other, position) => position !== index).map((other) => flatten(other, scope));
  const types = allowedTypes(flatten(branch, scope), scope.version);
  const integersElsewhere = others.some((other) => allowedTypes(other, scope.version).includes('integer'));
  const fractions =
    types.includes('number') && !types.includes('integer') && integersElsewhere
      ? filtered(gen, (value) => typeof value !== 'bigint' && (typeof value !== 'number' || !Number.isInteger(value)))
      : gen;
  const chosen = chosenBranch(flatten(branch, scope));
  return mapped(fractions, (value) => outsideBranches(value, chosen, others));
}

/**
 * One of the alternatives that can be built. An impossible one (a string
 * whose minLength is above its maxLength, a branch with contradictory
 * bounds) throws while it is built: it is left out, so a schema that allows
 * something else (`null` beside it, another `anyOf` branch) still generates.
 * With none left, the first reason is thrown.
 */
function either(alternatives: Array<() => Weighted<unknown>>): Gen<unknown> {
  const built: Array<Weighted<unknown>> = [];
  let firstError: unknown;
  for (const build of alternatives) {
    try {
      built.push(build());
    } catch (error) {
      firstError ??= error;
    }
  }
  if (built.length === 0) throw firstError;
  return built.length === 1 ? built[0]!.gen : oneOf(...built);
}

/** Each `oneOf`/`anyOf` branch merged with the rest of the schema (OAS 4.8.24 composition). */
export function branchSchemas(schema: SchemaObject): SchemaObject[] {
  const key =
    Array.isArray(schema.oneOf) && schema.oneOf.length > 0
      ? 'oneOf'
      : Array.isArray(schema.anyOf) && schema.anyOf.length > 0
        ? 'anyOf'
        : undefined;
  if (!key) return [];
  const { [key]: list, discriminator: _discriminator, ...rest } = schema;
  return (list as unknown[]).filter(isRecord).map((branch) => mergeSchemas(rest, { allOf: [branch] }));
}

function typeGen(
  type: JsonTypeName,
  flat: SchemaObject,
  scope: SchemaScope,
  depth: number,
  recurse: (child: SchemaObject | undefined, depth: number) => Gen<unknown>,
): Gen<unknown> {
  switch (type) {
    case 'string':
      return stringGen(flat, scope.shapeOnly, scope.charset);
    case 'integer':
      return integerGen(integerRange(flat, scope.version));
    case 'number':
      // Integers are numbers too (JSON Schema 2020-12 section 6.1.1); send both shapes.
      return oneOf<unknown>(
        { gen: numberGen(flat, scope.version), weight: 3 },
        { gen: integerGen(integerRange({ ...flat, format: 'int32' }, scope.version)), weight: 1 },
      );
    case 'boolean':
      return booleans();
    case 'null':
      return constant(null);
    case 'object':
      return objectGen(flat, scope, depth, recurse);
    case 'array':
      return arrayGen(flat, depth, recurse, scope.maxDepth);
    default:
      // A type name JSON Schema does not have: nothing can be valid, so send what any type allows.
      return anyPrimitive(scope.shapeOnly, scope.charset);
  }
}
