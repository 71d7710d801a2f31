/**
 * One value that passes a validator, for the mock's answers: the
 * deterministic sample first (short, readable), then generated values until
 * one validates. Generators approximate exotic keywords (oneOf exclusivity,
 * patterns with lookarounds), so only validated values are returned; a
 * schema none of the attempts satisfies is reported, with the first reason.
 */
import { sampleValue } from '../schema/sample-value.js';
import type { SchemaObject } from '../spec/types.js';
import type { BodyValidator } from '../validation/compile-validators.js';
import { describeViolation } from '../validation/violations.js';
import { sampleValues } from './fast-check.js';
import { toJsonValue } from './logical-value.js';
import type { SchemaScope } from './schema-facts.js';
import { patternSample } from './pattern-sample.js';
import { valueGen } from './schema-gen.js';

/** Generated values tried before giving up. */
const ATTEMPTS = 40;

/** A valid value for `schema`, or why none was found. `seed` makes the choice reproducible. */
export function validValue(
  schema: SchemaObject | undefined,
  validate: BodyValidator,
  scope: SchemaScope,
  seed: number,
  options: { preferSample?: boolean } = {},
): { ok: true; value: unknown } | { ok: false; reason: string } {
  let firstReason: string | undefined;
  const accept = (value: unknown): boolean => {
    const [violation] = validate(value);
    if (!violation) return true;
    firstReason ??= describeViolation(violation);
    return false;
  };
  if (options.preferSample !== false) {
    for (const mode of ['full', 'minimal'] as const) {
      const sampled = sampleValue(schema, { mode, nextInteger: counter(), matchPattern: patternSample });
      const value = typeof sampled === 'bigint' ? Number(sampled) : sampled;
      if (accept(value)) return { ok: true, value };
    }
  }
  let generated: unknown[];
  try {
    // Optional parts only near the top: wide, deep response schemas (Stripe's Account) would otherwise grow without bound.
    generated = sampleValues(
      valueGen(schema, { ...scope, direction: 'response', maxDepth: Math.min(scope.maxDepth ?? 2, 2) }),
      seed,
      ATTEMPTS,
    );
  } catch (error) {
    // Contradictory bounds (minimum above maximum, ...) make a generator impossible to build.
    return { ok: false, reason: firstReason ?? `the schema cannot be satisfied (${(error as Error).message})` };
  }
  for (const candidate of generated) {
    const value = toJsonValue(candidate);
    if (accept(value)) return { ok: true, value };
  }
  return { ok: false, reason: firstReason ?? 'no value satisfies the schema' };
}

/** Small positive integers for sampled ids: 1, 2, 3, ... */
function counter(): () => bigint {
  let next = 1n;
  return () => next++;
}
