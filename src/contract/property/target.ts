/**
 * What the property phase generates for one operation: the generators of
 * valid and invalid bodies derived from its JSON request body schema, the
 * mutations the invalid ones are made of, and which properties hold ids.
 */
import type { Gen } from '../../generate/fast-check.js';
import { integerRange, type IntegerRange } from '../../generate/integers.js';
import { mutationsFor, negativeGen, type Mutation, type NegativeValue } from '../../generate/negative.js';
import type { SchemaScope } from '../../generate/schema-facts.js';
import { valueGen } from '../../generate/schema-gen.js';
import { bodySites, type Site } from '../../generate/sites.js';
import type { LoadedSpec, Operation, SchemaObject } from '../../spec/types.js';
import type { CaseContext } from '../cases/index.js';
import { jsonRequestBody, type JsonRequestBody } from '../cases/request-body.js';
import { isIdLike } from './unique-ids.js';

/**
 * One generator in two shrinking modes over the same values: `structural`
 * generates every random value and shrinks shapes and lengths only; `full`
 * continues from its smallest failure, removing and simplifying characters
 * with what is left of the request budget (see SchemaScope.shapeOnly).
 */
export interface ShrinkPair<T> {
  structural: Gen<T>;
  full: Gen<T>;
}

/** The generated-case material of one operation. */
export interface PropertyTarget {
  operation: Operation;
  body: JsonRequestBody;
  schema: SchemaObject;
  scope: SchemaScope;
  sites: Site[];
  valid: ShrinkPair<unknown>;
  mutations: Mutation[];
  /** Undefined when no constraint can be broken (a schema that accepts anything). */
  invalid: ShrinkPair<NegativeValue> | undefined;
  /** Integer properties named like ids, with their ranges: kept unique within the run. */
  idRanges: Map<string, IntegerRange>;
}

/** The target of an operation with a JSON request body schema; undefined for the others. */
export function propertyTarget(operation: Operation, context: CaseContext, spec: LoadedSpec): PropertyTarget | undefined {
  const body = jsonRequestBody(operation, context);
  const schema = body?.media.schema;
  if (!body || !schema) return undefined;
  const scope: SchemaScope = { document: spec.document, version: spec.version };
  const sites = bodySites(schema, scope);
  const structuralScope = { ...scope, shapeOnly: true };
  const valid = { structural: valueGen(schema, structuralScope), full: valueGen(schema, scope) };
  const mutations = mutationsFor(sites, schema, scope);
  const invalid = mutations.length === 0 ? undefined : {
    structural: negativeGen(valid.structural, mutationsFor(sites, schema, structuralScope)),
    full: negativeGen(valid.full, mutations),
  };
  const idRanges = new Map<string, IntegerRange>();
  for (const site of sites) {
    if (isIdLike(site.name) && site.types.includes('integer')) idRanges.set(site.pointer, integerRange(site.schema, spec.version));
  }
  return { operation, body, schema, scope, sites, valid, mutations, invalid, idRanges };
}
