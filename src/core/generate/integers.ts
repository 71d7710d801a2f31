/**
 * Integers and numbers. Integers are bigints from the schema's exact range
 * (format int32/int64 per OAS 4.4, minimum/maximum, both 3.0 boolean and 3.1
 * numeric exclusive bounds) and are written as exact JSON text, so the int64
 * bounds reach the server digit for digit. An integer without a format is
 * generated within int64: JSON Schema allows more, but no server means it.
 */

import { INTEGER_FORMAT_RANGES } from '../schema/integer-formats.js';
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';
import { bigIntBetween, constantFrom, finiteDouble, type Gen, mapped, oneOf, type Weighted } from './fast-check.js';
import type { Edge } from './strings.js';

/** Inclusive bounds of an integer schema and the step of its multipleOf. */
export interface IntegerRange {
  low: bigint;
  high: bigint;
  step: bigint;
  /** The range comes from a format or explicit bounds (values outside are invalid, not merely unusual). */
  bounded: { low: boolean; high: boolean };
}

const INT64 = INTEGER_FORMAT_RANGES.int64!;
const INT32 = INTEGER_FORMAT_RANGES.int32!;

/** The exact range of an integer schema. */
export function integerRange(schema: SchemaObject, version: OpenApiVersion): IntegerRange {
  const format = INTEGER_FORMAT_RANGES[String(schema.format)];
  let [low, high] = format ?? INT64;
  const bounded = { low: format !== undefined, high: format !== undefined };
  const exclusive = (key: 'exclusiveMinimum' | 'exclusiveMaximum', inclusive: 'minimum' | 'maximum') =>
    version === '3.0'
      ? schema[key] === true && typeof schema[inclusive] === 'number'
        ? schema[inclusive]
        : undefined
      : schema[key];
  const minimum =
    typeof schema.minimum === 'number' && !(version === '3.0' && schema.exclusiveMinimum === true)
      ? schema.minimum
      : undefined;
  const maximum =
    typeof schema.maximum === 'number' && !(version === '3.0' && schema.exclusiveMaximum === true)
      ? schema.maximum
      : undefined;
  const exclusiveMinimum = exclusive('exclusiveMinimum', 'minimum');
  const exclusiveMaximum = exclusive('exclusiveMaximum', 'maximum');
  if (typeof minimum === 'number') [low, bounded.low] = [larger(low, BigInt(Math.ceil(minimum))), true];
  if (typeof exclusiveMinimum === 'number')
    [low, bounded.low] = [larger(low, BigInt(Math.floor(exclusiveMinimum)) + 1n), true];
  if (typeof maximum === 'number') [high, bounded.high] = [smaller(high, BigInt(Math.floor(maximum))), true];
  if (typeof exclusiveMaximum === 'number')
    [high, bounded.high] = [smaller(high, BigInt(Math.ceil(exclusiveMaximum)) - 1n), true];
  const step =
    typeof schema.multipleOf === 'number' && Number.isInteger(schema.multipleOf) && schema.multipleOf > 0
      ? BigInt(schema.multipleOf)
      : 1n;
  return { low, high, step, bounded };
}

/** Edge integers of a range: its bounds, zero and one either side, int32 bounds, the last doubles-safe integers. */
export function integerEdges(range: IntegerRange): Edge<bigint>[] {
  const candidates: Array<[string, bigint]> = [
    ['zero', 0n],
    ['one', 1n],
    ['minus-one', -1n],
    ['int32-min', INT32[0]],
    ['int32-max', INT32[1]],
    ['beyond-double-precision', 2n ** 53n + 1n],
    ['negative-beyond-double-precision', -(2n ** 53n) - 1n],
    ['int64-min', INT64[0]],
    ['int64-max', INT64[1]],
    ['minimum', range.low],
    ['maximum', range.high],
  ];
  const seen = new Set<bigint>();
  const edges: Edge<bigint>[] = [];
  for (const [name, value] of candidates) {
    if (value < range.low || value > range.high || value % range.step !== 0n || seen.has(value)) continue;
    seen.add(value);
    edges.push({ name, value });
  }
  return edges;
}

/** Random integers in the range: small ones, the whole range, its two ends, and the other edges. */
export function integerGen(range: IntegerRange): Gen<bigint> {
  const { low, high, step } = range;
  if (high < low) return constantFrom(low);
  const alternatives: Array<Weighted<bigint>> = [{ gen: bigIntBetween(low, high), weight: 2 }];
  const smallLow = larger(low, -1000n);
  const smallHigh = smaller(high, 1000n);
  if (smallLow <= smallHigh) alternatives.push({ gen: bigIntBetween(smallLow, smallHigh), weight: 3 });
  // The range's own ends get a share of their own: servers break there most (int64 max, int32 min).
  alternatives.push({ gen: constantFrom(high, low), weight: 1 });
  const edges = integerEdges({ ...range, step: 1n })
    .map((edge) => edge.value)
    .filter((value) => value !== low && value !== high);
  if (edges.length > 0) alternatives.push({ gen: constantFrom(...edges), weight: 1 });
  const gen = oneOf(...alternatives);
  if (step === 1n) return gen;
  // multipleOf: round towards zero onto the step, staying inside the range.
  return mapped(
    gen,
    (value) => onStep(value, range),
    (value) => {
      if (typeof value !== 'bigint' || value % step !== 0n) throw new Error('not on the step');
      return value;
    },
  );
}

/** `value` moved onto a multiple of the range's step, inside the range when one exists there. */
function onStep(value: bigint, range: IntegerRange): bigint {
  const { step, low, high } = range;
  let result = value - (value % step);
  if (result < low) result += step;
  if (result > high) result -= step;
  return result;
}

/** Bounds of a number schema as doubles; open bounds are approached by a small margin, never reached. */
function numberBounds(schema: SchemaObject, version: OpenApiVersion): { min: number; max: number } {
  const inside = (bound: number, direction: 1 | -1) => bound + direction * Math.max(Math.abs(bound) * 1e-9, 1e-9);
  let min = typeof schema.minimum === 'number' ? schema.minimum : -1e15;
  let max = typeof schema.maximum === 'number' ? schema.maximum : 1e15;
  if (version === '3.0') {
    if (schema.exclusiveMinimum === true) min = inside(min, 1);
    if (schema.exclusiveMaximum === true) max = inside(max, -1);
  } else {
    if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, inside(schema.exclusiveMinimum, 1));
    if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, inside(schema.exclusiveMaximum, -1));
  }
  return { min, max };
}

/** Random finite numbers within the schema's bounds. */
export function numberGen(schema: SchemaObject, version: OpenApiVersion): Gen<number> {
  const { min, max } = numberBounds(schema, version);
  return finiteDouble(min, max);
}

/** Edge numbers within the schema's bounds. */
export function numberEdges(schema: SchemaObject, version: OpenApiVersion): Edge<number>[] {
  const { min, max } = numberBounds(schema, version);
  const candidates: Array<[string, number]> = [
    ['zero', 0],
    ['half', 0.5],
    ['negative-fraction', -1.25],
    ['tiny', 1e-7],
    ['large', 1e15],
    ['minimum', min],
    ['maximum', max],
  ];
  return candidates.filter(([, value]) => value >= min && value <= max).map(([name, value]) => ({ name, value }));
}

function larger(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
