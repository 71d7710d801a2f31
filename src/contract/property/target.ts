/**
 * What the property phase generates for one operation: generators of valid
 * and invalid requests over all its parts (parameters and body, see
 * request-parts.ts), the mutations the invalid ones are made of, the base
 * request the boundary edges change, and which body properties hold ids.
 * An operation with a required part no valid value is found for gets no
 * target but the reason ("cannot generate"), reported once.
 */

import { baseValue } from '../../core/generate/base-value.js';
import type { WholeValue } from '../../core/generate/boundary.js';
import { type Gen, recordOf } from '../../core/generate/fast-check.js';
import { type IntegerRange, integerRange } from '../../core/generate/integers.js';
import { type Mutation, mutationsFor, type NegativeValue, negativeGen } from '../../core/generate/negative.js';
import { allowsExtraProperties } from '../../core/generate/objects.js';
import { allowedTypes, flatten } from '../../core/generate/schema-facts.js';
import { valueGen } from '../../core/generate/schema-gen.js';
import type { Site } from '../../core/generate/sites.js';
import type { LoadedSpec, Operation } from '../../core/spec/types.js';
import type { CaseContext } from '../cases/context.js';
import { bodyValue, type SendableBody, sendableBody } from '../cases/request-body.js';
import { parameterValue } from '../cases/request-parameters.js';
import { admits, type PartCheck, partCheck } from './part-checks.js';
import { BODY_KEY, bodyPointer, type RequestPart, type RequestValue, requestParts } from './request-parts.js';
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

/** Hands out the integers of base values (unique ids for id-like body properties). */
export type IntegerSource = (pointer: string, range: IntegerRange) => bigint;

/** The generated-case material of one operation. */
export interface PropertyTarget {
  operation: Operation;
  parts: RequestPart[];
  /** The body as the runner sends it, when the operation has one. */
  body: SendableBody | undefined;
  /** Every part and the properties inside them, where boundary edges go. */
  sites: Site[];
  whole: WholeValue;
  valid: ShrinkPair<RequestValue>;
  mutations: Mutation[];
  /** Undefined when no constraint can be broken (a schema that accepts anything). */
  invalid: ShrinkPair<NegativeValue> | undefined;
  /** The invalid generators over the mutations with these keys only; undefined when none is left. */
  invalidFor(keys: ReadonlySet<string>): ShrinkPair<NegativeValue> | undefined;
  /** Integer body properties named like ids, by pointer inside the body, with their ranges: kept unique within the run. */
  idRanges: Map<string, IntegerRange>;
  /** The valid request the boundary edges change: required parts only (`minimal`) or every part. */
  base(mode: 'minimal' | 'full', integer: IntegerSource): RequestValue;
  /** Cheap check of a value against the schemas: the plan's estimate of what the wire check will let through. */
  admits(value: RequestValue, valid: boolean): boolean;
}

/** The target of an operation, `{ cannot }` when a required part has no valid value, undefined when nothing is generated. */
export function propertyTarget(
  operation: Operation,
  context: CaseContext,
  spec: LoadedSpec,
): { target: PropertyTarget } | { cannot: string } | undefined {
  const body = sendableBody(operation, context);
  const all = requestParts(operation, spec, body);
  if (all.length === 0) return undefined;
  const checks = new Map<string, PartCheck>(all.map((part) => [part.key, partCheck(part, operation, context, body)]));
  // A part whose own base value is invalid (a pattern, a format) starts from the static cases' valid value.
  const fixed = new Map<string, unknown>();
  const parts: RequestPart[] = [];
  for (const part of all) {
    const fallback = fallbackValue(part, checks.get(part.key)!, context, body);
    if (fallback && !fallback.ok) {
      if (part.required) return { cannot: fallback.reason };
      continue;
    }
    if (fallback) fixed.set(part.key, fallback.value);
    parts.push(part);
  }
  try {
    return { target: buildTarget(operation, parts, body, fixed, checks, spec) };
  } catch (error) {
    // Contradictory bounds (minimum above maximum, ...) make a generator impossible to build.
    return { cannot: `the schemas cannot be satisfied (${(error as Error).message})` };
  }
}

function buildTarget(
  operation: Operation,
  parts: RequestPart[],
  body: SendableBody | undefined,
  fixed: ReadonlyMap<string, unknown>,
  checks: ReadonlyMap<string, PartCheck>,
  spec: LoadedSpec,
): PropertyTarget {
  const required = parts.filter((part) => part.required).map((part) => part.key);
  const record = (shapeOnly: boolean) =>
    recordOf(
      Object.fromEntries(parts.map((part) => [part.key, valueGen(part.schema, { ...part.scope, shapeOnly })])),
      required,
    ) as Gen<RequestValue>;
  // Generators are built on first use: a plan over 1,000 operations needs only their edges.
  const valid = lazy(() => ({ structural: record(true), full: record(false) }));
  const mutationsOf = (shapeOnly: boolean) =>
    parts.flatMap((part) =>
      mutationsFor(part.sites, {}, { ...part.scope, shapeOnly }).filter((mutation) => sendable(mutation, part, body)),
    );
  const mutations = mutationsOf(false);
  const structuralMutations = lazy(() => mutationsOf(true));
  const invalidFor = (keys: ReadonlySet<string>) => {
    const chosen = mutations.filter((mutation) => keys.has(mutation.key));
    if (chosen.length === 0) return undefined;
    return {
      structural: negativeGen(
        valid().structural,
        structuralMutations().filter((mutation) => keys.has(mutation.key)),
      ),
      full: negativeGen(valid().full, chosen),
    };
  };
  const invalid = lazy(() => invalidFor(new Set(mutations.map((mutation) => mutation.key))));
  const sites = parts.flatMap((part) => part.sites);
  const idRanges = new Map<string, IntegerRange>();
  for (const site of sites) {
    const inBody = bodyPointer(site.pointer);
    if (inBody && isIdLike(site.name) && site.types.includes('integer'))
      idRanges.set(inBody, integerRange(site.schema, spec.version));
  }
  const scope = { document: spec.document, version: spec.version };
  const base = (mode: 'minimal' | 'full', integer: IntegerSource): RequestValue => {
    const value: RequestValue = {};
    for (const part of parts) {
      // The body is always there, as when only bodies were generated; optional parameters only in `full`.
      if (mode === 'minimal' && !part.required && part.key !== BODY_KEY) continue;
      const pointerPrefix = part.key === BODY_KEY ? '' : part.pointer;
      value[part.key] = fixed.has(part.key)
        ? fixed.get(part.key)
        : baseValue(part.schema, part.scope, {
            mode,
            integer: (pointer, range) => integer(pointerPrefix + pointer, range),
          });
    }
    return value;
  };
  return {
    operation,
    parts,
    body,
    sites,
    whole: wholeValue(parts, body, scope),
    get valid() {
      return valid();
    },
    mutations,
    get invalid() {
      return mutations.length === 0 ? undefined : invalid();
    },
    invalidFor,
    idRanges,
    base,
    admits: (value, isValid) => admits(parts, checks, value, isValid),
  };
}

/** `make()`'s value, computed on the first call. */
function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * Undefined when the part's own base value is valid; else the static
 * cases' valid value for it (an example, a sample, a generated value), or
 * why there is none.
 */
function fallbackValue(
  part: RequestPart,
  check: PartCheck,
  context: CaseContext,
  body: SendableBody | undefined,
): { ok: true; value: unknown } | { ok: false; reason: string } | undefined {
  const own = baseValue(part.schema, part.scope, {
    mode: 'minimal',
    integer: (_pointer, range) => (range.low <= 1n && range.high >= 1n ? 1n : range.low),
  });
  if (check(own) === undefined) return undefined;
  if (part.parameter) return parameterValue(part.parameter, 'minimal', context);
  return body ? bodyValue(body, 'minimal', context) : undefined;
}

/**
 * Mutations a request can carry: a path parameter cannot be left out of
 * its path. The body itself is broken (left out, of another type) only
 * where it is no object and JSON or text carries the broken value; an
 * object body's absence, syntax and type are the static negative cases'
 * (negative-syntax.ts), and a form, multipart or XML body that is not an
 * object has no encoding.
 */
function sendable(mutation: Mutation, part: RequestPart, body: SendableBody | undefined): boolean {
  if (mutation.pointer !== part.pointer) return true;
  if (part.parameter) return !(part.parameter.in === 'path' && mutation.kind === 'missing');
  const own = part.sites[0]!;
  return (
    (body?.codec.name === 'json' || body?.codec.name === 'text') &&
    own.types.length > 0 &&
    !own.types.includes('object')
  );
}

/** The whole-request edges: `body/...` ids where there is a body (as before parameters were generated), else `request/...`. */
function wholeValue(
  parts: readonly RequestPart[],
  body: SendableBody | undefined,
  scope: { document: Record<string, unknown>; version: LoadedSpec['version'] },
): WholeValue {
  const parameters = parts.some((part) => part.parameter);
  const bodyPart = parts.find((part) => part.key === BODY_KEY);
  const flat = bodyPart && flatten(bodyPart.schema, scope);
  const extras =
    flat &&
    body?.codec.name === 'json' &&
    allowedTypes(flat, scope.version).includes('object') &&
    allowsExtraProperties(flat);
  if (!bodyPart)
    return {
      label: 'request',
      minimal: 'only the required parameters',
      full: 'every declared parameter',
      extraAt: undefined,
    };
  return {
    label: BODY_KEY,
    minimal: parameters ? 'only the required parameters and properties' : 'only the required properties',
    full: parameters ? 'every declared parameter and property' : 'every declared property',
    extraAt: extras ? bodyPart.pointer : undefined,
  };
}
