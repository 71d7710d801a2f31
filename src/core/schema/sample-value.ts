/**
 * Deterministic sample values for a schema: the minimal body (required
 * properties only) and the full body (every declared property) of the
 * positive contract cases. Integers come from a caller-supplied counter so
 * ids are unique within a run; int64 values beyond 2^53 stay exact.
 */
import { setExactNumber } from '../json/exact-json.js';
import { resolveSchema } from '../spec/circular-refs.js';
import type { SchemaObject } from '../spec/types.js';
import { chosenBranch, outsideBranches } from './branch-exclusion.js';
import { INTEGER_FORMAT_RANGES } from './integer-formats.js';
import { objectShape, schemaTypes } from './object-shape.js';

/** How to sample. */
export interface SampleOptions {
  /** `minimal`: required properties only; `full`: every declared property. */
  mode: 'minimal' | 'full';
  /** Next value of a run-wide counter, used for unique integers. */
  nextInteger: () => bigint;
  /** A string matching a `pattern` within lengths, when one can be made (core/generate/pattern-sample.ts). */
  matchPattern?: (pattern: string, min: number, max: number) => string | undefined;
  /**
   * Which `oneOf`/`anyOf` branch to sample at the next such schema met, given
   * how many branches it has (default: the first). Called once per schema
   * with branches, in the order sampling meets them, so a caller can try
   * branch after branch (core/generate/valid-value.ts).
   */
  chooseBranch?: (count: number) => number;
  /** At each `oneOf`, give an object a property each other branch declares with another type, so it matches one branch only. */
  exclusive?: boolean;
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-05-01T12:00:00Z',
  date: '2024-05-01',
  time: '12:00:00Z',
  email: 'plants@example.com',
  hostname: 'plants.example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  uri: 'https://plants.example.com/plantkit',
  'uri-reference': '/plantkit',
  url: 'https://plants.example.com/plantkit',
  uuid: '5f0c6f4e-2f5b-4c43-9d55-0d7f4f1f0a11',
  byte: 'cGxhbnRraXQ=',
  binary: 'plantkit',
  password: 'plantkit-secret',
  // The other formats ajv-formats checks in full mode (JSON Schema 2020-12 validation section 7.3).
  duration: 'P1DT2H',
  'iso-date-time': '2024-05-01T12:00:00Z',
  'iso-time': '12:00:00Z',
  'uri-template': 'https://plants.example.com/plants/{id}',
  'json-pointer': '/plants/0',
  'json-pointer-uri-fragment': '#/plants/0',
  'relative-json-pointer': '0/name',
  regex: '^[a-z]+$',
};

/** A value valid for `schema` in the common cases (patterns and exotic keywords may still fail: callers validate). */
export function sampleValue(given: SchemaObject | undefined, options: SampleOptions, depth = 0): unknown {
  const schema = chosenBranchFirst(resolveSchema(given), options);
  if (!schema || depth > 8) return null;
  const value = sampleOwn(schema, options, depth);
  // At a oneOf, the sample is made for the first branch (chooseBranch moved it there): keep it out of the others.
  const branches = asList(schema.oneOf);
  return options.exclusive && branches.length > 1
    ? outsideBranches(value, chosenBranch(schema, branches[0]!), branches.slice(1))
    : value;
}

function sampleOwn(schema: SchemaObject, options: SampleOptions, depth: number): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined && depth > 0) return schema.default;
  const [firstBranch] = [...asList(schema.oneOf), ...asList(schema.anyOf)];
  const types = schemaTypes(schema);
  // A schema that allows only null (`type: 'null'`, or null as the first branch) samples null.
  if (types.length > 0 && types.every((candidate) => candidate === 'null')) return null;
  const type = types.find((candidate) => candidate !== 'null') ?? (firstBranch ? undefined : 'string');
  if (type === undefined && firstBranch)
    return sampleValue(
      { ...schema, oneOf: undefined, anyOf: undefined, allOf: [...asList(schema.allOf), firstBranch] },
      options,
      depth + 1,
    );
  switch (type) {
    case 'object':
      return sampleObject(schema, options, depth);
    case 'array':
      return sampleArray(schema, options, depth);
    case 'integer':
      return sampleInteger(schema, options);
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema, options);
  }
}

function sampleObject(schema: SchemaObject, options: SampleOptions, depth: number): Record<string, unknown> {
  const shape = objectShape(schema);
  const names = options.mode === 'full' ? Object.keys(shape.properties) : shape.required;
  const result: Record<string, unknown> = {};
  for (const name of names) {
    const property = shape.properties[name];
    if (property?.readOnly === true) continue; // never sent in requests (OAS 4.8.24)
    const value = sampleValue(property ?? {}, options, depth + 1);
    if (typeof value === 'bigint') setExactNumber(result, name, value.toString());
    else result[name] = value;
  }
  return result;
}

function sampleArray(schema: SchemaObject, options: SampleOptions, depth: number): unknown[] {
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const count = Math.max(minItems, options.mode === 'full' ? 1 : 0);
  const items = (schema.items ?? {}) as SchemaObject;
  const result: unknown[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = sampleValue(items, options, depth + 1);
    if (typeof value === 'bigint') setExactNumber(result, index, value.toString());
    else result.push(value);
  }
  return result;
}

/** A unique integer inside the schema's bounds; a bigint when beyond 2^53 (the caller records its text). */
function sampleInteger(schema: SchemaObject, options: SampleOptions): number | bigint {
  const range = INTEGER_FORMAT_RANGES[String(schema.format)];
  let low = range?.[0] ?? -(2n ** 63n);
  let high = range?.[1] ?? 2n ** 63n - 1n;
  if (typeof schema.minimum === 'number') low = max(low, BigInt(Math.ceil(schema.minimum)));
  if (typeof schema.exclusiveMinimum === 'number') low = max(low, BigInt(Math.floor(schema.exclusiveMinimum)) + 1n);
  if (typeof schema.maximum === 'number') high = min(high, BigInt(Math.floor(schema.maximum)));
  if (typeof schema.exclusiveMaximum === 'number') high = min(high, BigInt(Math.ceil(schema.exclusiveMaximum)) - 1n);
  const step =
    typeof schema.multipleOf === 'number' && Number.isInteger(schema.multipleOf) && schema.multipleOf > 0
      ? BigInt(schema.multipleOf)
      : 1n;
  const span = high - low + 1n;
  if (span <= 0n) return Number(low);
  // The counter itself when it fits (ids look like ids), else wrapped into [low, high].
  const next = options.nextInteger();
  let value = next >= low && next <= high ? next : low + ((((next - low) % span) + span) % span);
  value -= ((value % step) + step) % step;
  if (value < low) value += step;
  return Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

/** A number inside every bound the schema sets (both `minimum` and a 3.1 numeric `exclusiveMinimum` may be present). */
function sampleNumber(schema: SchemaObject): number {
  const lows = [
    typeof schema.minimum === 'number' ? schema.minimum : undefined,
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 0.5 : undefined,
  ].filter((bound): bound is number => bound !== undefined);
  const highs = [
    typeof schema.maximum === 'number' ? schema.maximum : undefined,
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 0.5 : undefined,
  ].filter((bound): bound is number => bound !== undefined);
  const low = lows.length > 0 ? Math.max(...lows) : undefined;
  const high = highs.length > 0 ? Math.min(...highs) : undefined;
  if (low !== undefined && high !== undefined) return low <= high ? low : (low + high) / 2;
  return low ?? (high !== undefined ? Math.min(high, 1.5) : 1.5);
}

function sampleString(schema: SchemaObject, options: SampleOptions): string {
  const example = Array.isArray(schema.examples) ? schema.examples[0] : schema.example;
  if (typeof example === 'string') return example;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (typeof schema.pattern === 'string' && STRING_FORMATS[String(schema.format)] === undefined) {
    const matched = options.matchPattern?.(schema.pattern, minLength, maxLength);
    if (matched !== undefined) return matched;
  }
  let text = STRING_FORMATS[String(schema.format)] ?? 'plantkit sample';
  while (text.length < minLength) text += 'x';
  return text.slice(0, maxLength);
}

/** `schema` with the branch `chooseBranch` picks moved first, where sampling (and objectShape) take their branch. */
function chosenBranchFirst(schema: SchemaObject | undefined, options: SampleOptions): SchemaObject | undefined {
  if (!schema || !options.chooseBranch) return schema;
  const key = asList(schema.oneOf).length > 0 ? 'oneOf' : asList(schema.anyOf).length > 0 ? 'anyOf' : undefined;
  if (!key) return schema;
  const branches = asList(schema[key]);
  if (branches.length < 2) return schema;
  const chosen = options.chooseBranch(branches.length);
  if (chosen <= 0 || chosen >= branches.length) return schema;
  return { ...schema, [key]: [branches[chosen]!, ...branches.filter((_branch, index) => index !== chosen)] };
}

function asList(value: unknown): SchemaObject[] {
  return Array.isArray(value) ? (value as SchemaObject[]) : [];
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
