/**
 * Invalid values: a valid body with one constraint broken (a required
 * property missing, a value of the wrong type, null where null is not
 * allowed, an integer outside its int32/int64 range or with a fraction, a
 * string too short or too long, ...). Each mutation has a generator for the
 * random phase and an edge value for the boundary phase. Whether the result
 * is really invalid is decided by the request validator, never assumed here.
 */
import type { SchemaObject } from '../spec/types.js';
import {
  arrayOf,
  bigIntBetween,
  booleans,
  constant,
  filtered,
  type Gen,
  mapped,
  oneOf,
  tupleOf,
} from './fast-check.js';
import { type IntegerRange, integerGen, integerRange } from './integers.js';
import { ExactText } from './logical-value.js';
import { anyPrimitive } from './objects.js';
import { type JsonTypeName, type SchemaScope, typeAllowed } from './schema-facts.js';
import type { Site } from './sites.js';
import { charactersGen, MAX_EDGE_LENGTH, stringLimits } from './strings.js';
import { addProperty, cloneValue, setAtPointer } from './value-paths.js';

/** One way to break one constraint. */
export interface Mutation {
  /** Stable, unique within an operation: `missing:/name`, `above-range:/id`. */
  key: string;
  /** Kebab-case kind, used in case ids. */
  kind: string;
  pointer: string;
  /** The broken property's label, for case ids (`id`, `owner/id`, `body`). */
  label: string;
  /** What the mutation does, for titles: `id above its int64 range`. */
  describe: string;
  gen: Gen<unknown>;
  /** The boundary phase's value: the simplest breaking value, one `gen` can shrink. */
  edge: unknown;
}

/** A generated invalid body: a valid body plus the chosen mutation and its value. */
export type NegativeValue = [body: unknown, change: [key: string, value: unknown]];

const SPAN = 2n ** 64n;
/** Integers from here on have no halves as doubles (52 fraction bits). */
const DOUBLE_HALVES = 2n ** 52n;
const EMPTY_OBJECT = {};
const EMPTY_ARRAY: unknown[] = [];
/** Formats Ajv checks (ajv-formats, full mode): a non-matching string is invalid for them. */
const CHECKED_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uuid',
  'uri-reference',
  'duration',
]);

/** Adds one mutation of a site: its kind, the site, how the case reads, the generator and the boundary edge. */
type AddMutation = (
  kind: string,
  site: { pointer: string; label: string; noun: string },
  describe: string,
  gen: Gen<unknown>,
  edge: unknown,
) => void;

/** What every site's mutations are made with. */
interface MutationContext {
  add: AddMutation;
  scope: SchemaScope;
  shapeOnly: boolean;
  /** Strings of `min` to `max` characters from the scope's charset. */
  characters: (min: number, max: number) => Gen<string>;
  /** A property the schema does not declare, with a primitive value. */
  undeclared: () => Gen<[string, unknown]>;
}

/** One family of mutations of a site; the families below run in order for every site. */
type SiteMutations = (site: Site, context: MutationContext) => void;

/** Every mutation of the sites of a body (and of the body object itself, as `root`). */
export function mutationsFor(sites: readonly Site[], root: SchemaObject, scope: SchemaScope): Mutation[] {
  const mutations: Mutation[] = [];
  const shapeOnly = scope.shapeOnly === true;
  const characters = (min: number, max: number) => charactersGen(min, max, { shapeOnly, charset: scope.charset });
  const context: MutationContext = {
    scope,
    shapeOnly,
    characters,
    undeclared: () =>
      tupleOf<[string, unknown]>(
        filtered(characters(1, 12), (key) => key !== ''),
        anyPrimitive(shapeOnly, scope.charset),
      ),
    add: (kind, site, describe, gen, edge) =>
      mutations.push({
        key: `${kind}:${site.pointer}`,
        kind,
        pointer: site.pointer,
        label: site.label || 'body',
        describe: `${site.noun || 'body'} ${describe}`,
        gen,
        edge,
      }),
  };
  if (root.additionalProperties === false)
    context.add(
      'undeclared-property',
      { pointer: '', label: '', noun: '' },
      'with a property the schema does not declare',
      context.undeclared(),
      ['extraField', 'extra'],
    );
  for (const site of sites) for (const family of SITE_MUTATIONS) family(site, context);
  return mutations;
}

/** Missing when required, null where null is not allowed, each wrong type. */
function presenceAndType(site: Site, { add, characters }: MutationContext): void {
  const { types } = site;
  if (site.required) add('missing', site, 'missing (required)', constant(null), null);
  if (types.length > 0 && !types.includes('null'))
    add('null', site, 'null where null is not allowed', constant(null), null);
  for (const [type, gen, edge] of wrongTypes(types, characters))
    add(`wrong-type-${type}`, site, `of type ${type} where the spec documents ${types.join(' or ')}`, gen, edge);
}

/** An integer above or below its bounded range, and one with a fraction. */
function integerMutations(site: Site, { add, scope }: MutationContext): void {
  const { schema, types } = site;
  if (!types.includes('integer') || types.includes('number')) return;
  const range = integerRange(schema, scope.version);
  const label = typeof schema.format === 'string' ? `its ${schema.format} range` : 'its range';
  if (range.bounded.high)
    add(
      'above-range',
      site,
      `above ${label} (max ${range.high})`,
      bigIntBetween(range.high + 1n, range.high + SPAN),
      range.high + 1n,
    );
  if (range.bounded.low)
    add(
      'below-range',
      site,
      `below ${label} (min ${range.low})`,
      bigIntBetween(range.low - SPAN, range.low - 1n),
      range.low - 1n,
    );
  add('fraction', site, 'with a fractional value', fractionGen(range), new ExactText('0.5'));
}

/** A string too short, too long, outside its enum, or not of its format. */
function stringMutations(site: Site, { add, characters }: MutationContext): void {
  const { schema, types } = site;
  if (!types.includes('string')) return;
  const { min, max } = stringLimits(schema);
  if (min > 0) add('too-short', site, `shorter than minLength ${min}`, characters(0, min - 1), 'a'.repeat(min - 1));
  // A maxLength beyond MAX_EDGE_LENGTH is not tested with a longer string (a 64 KiB field is not worth the request).
  if (Number.isFinite(max) && max < MAX_EDGE_LENGTH)
    add('too-long', site, `longer than maxLength ${max}`, characters(max + 1, max + 40), 'a'.repeat(max + 1));
  if (Array.isArray(schema.enum))
    add(
      'not-in-enum',
      site,
      'not one of its enum values',
      filtered(characters(1, 16), (text) => !(schema.enum as unknown[]).includes(text)),
      'not-in-enum',
    );
  if (typeof schema.format === 'string' && CHECKED_FORMATS.has(schema.format))
    add('bad-format', site, `not a valid ${schema.format}`, constant('%% not valid'), '%% not valid');
}

/** An array with too few or too many items. */
function arrayMutations(site: Site, { add, shapeOnly, scope }: MutationContext): void {
  const { schema, types } = site;
  if (!types.includes('array')) return;
  if (typeof schema.minItems === 'number' && schema.minItems > 0)
    add('too-few-items', site, `with fewer than ${schema.minItems} items`, constant(EMPTY_ARRAY), EMPTY_ARRAY);
  if (typeof schema.maxItems === 'number')
    add(
      'too-many-items',
      site,
      `with more than ${schema.maxItems} items`,
      arrayOf(anyPrimitive(shapeOnly, scope.charset), schema.maxItems + 1, schema.maxItems + 1),
      Array.from({ length: schema.maxItems + 1 }, () => null),
    );
}

/** A closed object with a property it does not declare. */
function objectMutations(site: Site, { add, undeclared }: MutationContext): void {
  if (site.types.includes('object') && site.schema.additionalProperties === false)
    add('undeclared-property', site, 'with a property the schema does not declare', undeclared(), [
      'extraField',
      'extra',
    ]);
}

/** The families of mutations, in the order their cases are planned. */
const SITE_MUTATIONS: readonly SiteMutations[] = [
  presenceAndType,
  integerMutations,
  stringMutations,
  arrayMutations,
  objectMutations,
];

/** Random invalid bodies: a valid body from `valid` and one of `mutations` with a generated value. */
export function negativeGen(valid: Gen<unknown>, mutations: readonly Mutation[]): Gen<NegativeValue> {
  const change = oneOf(
    ...mutations.map((mutation) => ({
      gen: tupleOf<[string, unknown]>(constant(mutation.key), mutation.gen),
      weight: 1,
    })),
  );
  return tupleOf<NegativeValue>(valid, change);
}

/** The body with the change applied; undefined when the mutated property's parent is absent. */
export function applyMutation([body, [key, value]]: NegativeValue, mutations: readonly Mutation[]): unknown {
  const mutation = mutations.find((candidate) => candidate.key === key);
  if (!mutation) return undefined;
  const copy = cloneValue(body);
  if (mutation.kind === 'undeclared-property') {
    const [name, extra] = value as [string, unknown];
    return addProperty(copy, mutation.pointer, name, extra) ? copy : undefined;
  }
  return setAtPointer(copy, mutation.pointer, mutation.kind === 'missing' ? undefined : value) ? copy : undefined;
}

/** For each JSON type the site does not allow: a generator of such values and its simplest one. */
function wrongTypes(
  allowed: readonly JsonTypeName[],
  characters: (min: number, max: number) => Gen<string>,
): Array<[JsonTypeName, Gen<unknown>, unknown]> {
  if (allowed.length === 0) return [];
  const numeric = allowed.includes('integer') || allowed.includes('number');
  // A numeric string is the wrong type servers most often coerce silently.
  const candidates: Array<[JsonTypeName, Gen<unknown>, unknown]> = [
    [
      'string',
      numeric
        ? oneOf<unknown>(
            { gen: mapped(bigIntBetween(-1000n, 1000n), String, (text) => BigInt(text as string)), weight: 1 },
            { gen: characters(0, 16), weight: 1 },
          )
        : characters(0, 16),
      numeric ? '1' : 'wrong-type',
    ],
    ['integer', bigIntBetween(-1000n, 1000n), 1n],
    ['boolean', booleans(), true],
    ['object', constant(EMPTY_OBJECT), EMPTY_OBJECT],
    ['array', constant(EMPTY_ARRAY), EMPTY_ARRAY],
  ];
  return candidates.filter(([type]) => !typeAllowed(type, allowed));
}

/**
 * `n.5` for generated integers n of the range with |n| < 2^52, written
 * exactly: beyond 2^52 a double has no halves, so a server that reads
 * numbers as doubles (JavaScript's Number, JSON.parse) sees an integer
 * there, and calling its acceptance a bug would cry wolf.
 */
function fractionGen(range: IntegerRange): Gen<unknown> {
  const low = range.low > -DOUBLE_HALVES ? range.low : -DOUBLE_HALVES + 1n;
  const high = range.high < DOUBLE_HALVES ? range.high : DOUBLE_HALVES - 1n;
  const integers = low <= high ? integerGen({ ...range, low, high }) : constant(0n);
  return mapped(
    integers,
    (whole) => new ExactText(`${whole}.5`),
    (value) => {
      const match = value instanceof ExactText ? /^(-?\d+)\.5$/.exec(value.text) : null;
      if (!match) throw new Error('not a generated fraction');
      return BigInt(match[1]!);
    },
  );
}
