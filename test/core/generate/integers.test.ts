/** Integer ranges read from schemas, their edges, and generated integers staying inside. */
import { describe, expect, it } from 'vitest';
import { sampleValues } from '../../../src/core/generate/fast-check.js';
import { integerEdges, integerGen, integerRange } from '../../../src/core/generate/integers.js';
import type { OpenApiVersion, SchemaObject } from '../../../src/core/spec/types.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

const RANGES: Array<[string, { schema: SchemaObject; version?: OpenApiVersion; want: [bigint, bigint, bigint] }]> = [
  ['int64', { schema: { type: 'integer', format: 'int64' }, want: [INT64_MIN, INT64_MAX, 1n] }],
  ['int32', { schema: { type: 'integer', format: 'int32' }, want: [-2147483648n, 2147483647n, 1n] }],
  ['no format: int64', { schema: { type: 'integer' }, want: [INT64_MIN, INT64_MAX, 1n] }],
  ['minimum and maximum', { schema: { type: 'integer', minimum: 1, maximum: 10 }, want: [1n, 10n, 1n] }],
  [
    '3.1 exclusive bounds',
    { schema: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 }, want: [1n, 9n, 1n] },
  ],
  [
    '3.0 boolean exclusive bounds',
    {
      version: '3.0',
      schema: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
      want: [1n, 9n, 1n],
    },
  ],
  ['fractional bounds', { schema: { type: 'integer', minimum: 0.5, maximum: 9.5 }, want: [1n, 9n, 1n] }],
  [
    'multipleOf',
    { schema: { type: 'integer', format: 'int32', multipleOf: 7 }, want: [-2147483648n, 2147483647n, 7n] },
  ],
];

describe('integerRange', () => {
  it.each(RANGES)('%s', (_name, { schema, version = '3.1', want }) => {
    const range = integerRange(schema, version);
    expect([range.low, range.high, range.step]).toEqual(want);
  });
});

describe('integerEdges', () => {
  it('int64 edges: 0, ±1, int32 and int64 bounds, the first integers a double cannot hold', () => {
    const edges = integerEdges(integerRange({ type: 'integer', format: 'int64' }, '3.1')).map((edge) => edge.value);
    expect(edges).toEqual([
      0n,
      1n,
      -1n,
      -2147483648n,
      2147483647n,
      2n ** 53n + 1n,
      -(2n ** 53n) - 1n,
      INT64_MIN,
      INT64_MAX,
    ]);
  });

  it('keeps only edges inside the range, plus its own bounds', () => {
    const edges = integerEdges(integerRange({ type: 'integer', minimum: 1, maximum: 100, multipleOf: 1 }, '3.1')).map(
      (edge) => edge.value,
    );
    expect(edges).toEqual([1n, 100n]);
  });
});

describe('integerGen', () => {
  it.each(RANGES)('%s: values stay in range and on the step', (_name, { schema, version = '3.1' }) => {
    const range = integerRange(schema, version);
    for (const value of sampleValues(integerGen(range), 5, 500)) {
      expect(value >= range.low && value <= range.high).toBe(true);
      expect(value % range.step).toBe(0n);
    }
  });
});
