/**
 * One value that passes a validator, for the mock's answers: the
 * deterministic sample first (short, readable), then the same sample branch
 * by branch, then generated values until one validates. Generators
 * approximate exotic keywords (oneOf exclusivity, patterns with lookarounds),
 * so only validated values are returned: where `oneOf` branches overlap, the
 * validator judges which branch's sample matches exactly one (JSON Schema
 * 2020-12 section 10.2.1.3). A schema none of the attempts satisfies is
 * reported, with the first reason.
 */
import { sampleValue } from '../schema/sample-value.js';
import type { SchemaObject } from '../spec/types.js';
import type { BodyValidator } from '../validation/compile-validators.js';
import { describeViolation } from '../validation/violations.js';
import { sampleValues } from './fast-check.js';
import { toJsonValue } from './logical-value.js';
import { patternSample } from './pattern-sample.js';
import type { SchemaScope } from './schema-facts.js';
import { valueGen } from './schema-gen.js';

/** Generated values tried before giving up. */
const ATTEMPTS = 40;

/** Samples tried with other `oneOf`/`anyOf` branches, after the first branches everywhere. */
const BRANCH_ATTEMPTS = 48;

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
    const sampled = sampledValue(schema, accept);
    if (sampled) return { ok: true, value: sampled.value };
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
    generated = [];
    firstReason ??= `the schema cannot be satisfied (${(error as Error).message})`;
  }
  for (const candidate of generated) {
    const value = toJsonValue(candidate);
    if (accept(value)) return { ok: true, value };
  }
  // Random branches may all overlap where one branch's sample does not: a dynamic answer is never a 500 a static one is not.
  const sampled = options.preferSample === false ? sampledValue(schema, accept) : undefined;
  if (sampled) return { ok: true, value: sampled.value };
  return { ok: false, reason: firstReason ?? 'no value satisfies the schema' };
}

/**
 * The deterministic sample (every property, then required ones only) with
 * the first branch of every `oneOf`/`anyOf`, then with one of them taking
 * each of its other branches in turn, until `accept` takes one.
 */
function sampledValue(
  schema: SchemaObject | undefined,
  accept: (value: unknown) => boolean,
): { value: unknown } | undefined {
  const modes = ['full', 'minimal'] as const;
  const sample = (mode: (typeof modes)[number], chooseBranch: (count: number) => number, exclusive = false) => {
    const sampled = sampleValue(schema, {
      mode,
      nextInteger: counter(),
      matchPattern: patternSample,
      chooseBranch,
      exclusive,
    });
    return typeof sampled === 'bigint' ? Number(sampled) : sampled;
  };
  // Each mode's first-branch sample records how many branches each site it meets has.
  const sites = new Map<string, number[]>();
  for (const mode of modes) {
    const counts: number[] = [];
    const value = sample(mode, (count) => {
      counts.push(count);
      return 0;
    });
    if (accept(value)) return { value };
    sites.set(mode, counts);
  }
  // Then each site's other branches; then the same again with objects kept out of the branches not chosen.
  let attempts = 0;
  for (const exclusive of [false, true]) {
    for (const mode of modes) {
      const counts = sites.get(mode) ?? [];
      const choices: Array<[number, number]> = exclusive ? [[-1, 0]] : [];
      for (const [site, count] of counts.entries())
        for (let branch = 1; branch < count; branch += 1) choices.push([site, branch]);
      for (const [site, branch] of choices) {
        if (attempts++ >= BRANCH_ATTEMPTS) return undefined;
        let met = 0;
        const value = sample(mode, () => (met++ === site ? branch : 0), exclusive);
        if (accept(value)) return { value };
      }
    }
  }
  return undefined;
}

/** Small positive integers for sampled ids: 1, 2, 3, ... */
function counter(): () => bigint {
  let next = 1n;
  return () => next++;
}
