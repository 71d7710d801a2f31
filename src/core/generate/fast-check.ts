/**
 * The one module that imports fast-check (STYLE habit 2). The generators in
 * src/core/generate/ build values only from the vocabulary below, and the property
 * phase runs properties only through `checkProperty`, so a fast-check upgrade
 * touches this file alone.
 */
import { createRequire } from 'node:module';
import type { Arbitrary } from 'fast-check';

type FastCheck = typeof import('fast-check');
let loaded: FastCheck | undefined;

/**
 * fast-check, loaded on first use (its CommonJS build, the only copy plantkit loads): the mock imports
 * the generators for the answers it builds itself, which most first answers never need (about 55 ms of
 * CPU at start-up; issue 22).
 */
const fc = (): FastCheck => {
  loaded ??= createRequire(import.meta.url)('fast-check') as FastCheck;
  return loaded;
};

/** A generator of values with shrinking (a fast-check Arbitrary, kept opaque elsewhere). */
export type Gen<T> = Arbitrary<T>;

/** One alternative of {@link oneOf} with its relative weight. */
export interface Weighted<T> {
  gen: Gen<T>;
  weight: number;
}

/** Always `value`. */
export const constant = <T>(value: T): Gen<T> => fc().constant(value);

/** One of `values`; shrinks towards the first. */
export const constantFrom = <T>(...values: T[]): Gen<T> => fc().constantFrom(...values);

/** One of the alternatives, picked by weight; shrinking stays inside the picked alternative. */
export const oneOf = <T>(...alternatives: Array<Weighted<T>>): Gen<T> =>
  fc().oneof(...alternatives.map((alternative) => ({ arbitrary: alternative.gen, weight: alternative.weight })));

/** Like {@link oneOf}, but a value of any alternative may also shrink to the first alternative's (the "empty" one). */
export const oneOfShrinkingToFirst = <T>(...alternatives: Array<Weighted<T>>): Gen<T> =>
  fc().oneof(
    { withCrossShrink: true },
    ...alternatives.map((alternative) => ({ arbitrary: alternative.gen, weight: alternative.weight })),
  );

/** A bigint in [min, max]; shrinks towards the value nearest zero. */
export const bigIntBetween = (min: bigint, max: bigint): Gen<bigint> => fc().bigInt({ min, max });

/** A safe integer in [min, max]. */
export const integerBetween = (min: number, max: number): Gen<number> => fc().integer({ min, max });

/** A finite double in [min, max] (JSON has no NaN or Infinity, RFC 8259 section 6). */
export const finiteDouble = (min: number, max: number): Gen<number> =>
  fc().double({ min, max, noNaN: true, noDefaultInfinity: true });

/** true or false. */
export const booleans = (): Gen<boolean> => fc().boolean();

/** An array of `item` values; `wide` spreads lengths over the whole range instead of favouring short ones. */
export const arrayOf = <T>(item: Gen<T>, minLength: number, maxLength: number, wide = false): Gen<T[]> =>
  fc().array(item, { minLength, maxLength, ...(wide ? { size: 'max' as const } : {}) });

/** An array whose items differ by `key`. */
export const uniqueArrayOf = <T>(
  item: Gen<T>,
  minLength: number,
  maxLength: number,
  key: (value: T) => string,
): Gen<T[]> => fc().uniqueArray(item, { minLength, maxLength, selector: key });

/** A fixed-length tuple. */
export const tupleOf = <T extends unknown[]>(...gens: { [K in keyof T]: Gen<T[K]> }): Gen<T> =>
  fc().tuple(...gens) as unknown as Gen<T>;

/** An object with the given keys; keys outside `required` are sometimes absent. */
export const recordOf = (
  model: Record<string, Gen<unknown>>,
  required: readonly string[],
): Gen<Record<string, unknown>> => fc().record(model, { requiredKeys: [...required] }) as Gen<Record<string, unknown>>;

/** An object with generated keys and values. */
export const dictionaryOf = <T>(
  key: Gen<string>,
  value: Gen<T>,
  minKeys: number,
  maxKeys: number,
): Gen<Record<string, T>> => fc().dictionary(key, value, { minKeys, maxKeys });

/**
 * `gen` seen through `map`. `unmap` turns a value back into `gen`'s domain
 * (throwing when it cannot): fast-check needs it to shrink values it did not
 * generate itself, which is how boundary failures get shrunk.
 */
export const mapped = <T, U>(gen: Gen<T>, map: (value: T) => U, unmap?: (value: unknown) => T): Gen<U> =>
  gen.map(map, unmap);

/** `gen` with the same values but no shrinking (the structural first pass keeps characters as they are). */
export const unshrinkable = <T>(gen: Gen<T>): Gen<T> => fc().noShrink(gen);

/** Only the values of `gen` that pass `keep`. */
export const filtered = <T>(gen: Gen<T>, keep: (value: T) => boolean): Gen<T> => gen.filter(keep);

/** Strings matching a regular expression (JSON Schema `pattern`, ECMA-262 dialect). */
export const matching = (pattern: RegExp): Gen<string> => fc().stringMatching(pattern);

/** DNS host names (RFC 1123 section 2.1). */
export const hostNames = (): Gen<string> => fc().domain();

/** Generators for the string formats fast-check knows (OAS 4.4 / JSON Schema formats); URIs are uri.ts's (formats.ts). */
export const FORMAT_GENS: Record<string, () => Gen<string>> = {
  'date-time': () =>
    fc()
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString()),
  date: () =>
    fc()
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  email: () => fc().emailAddress(),
  uuid: () => fc().uuid(),
  hostname: () => hostNames(),
  ipv4: () => fc().ipV4(),
  ipv6: () => fc().ipV6(),
};

/** Skip the current run when `condition` is false (the value cannot be used, e.g. it fails the schema). */
export function assume(condition: boolean): void {
  const pre: (condition: boolean) => void = fc().pre;
  pre(condition);
}

/** Options of {@link checkProperty}. */
export interface PropertyRun<T> {
  seed: number;
  /** Random runs; given examples are run first and count towards it. */
  numRuns: number;
  /** Values to try first; failing ones are shrunk like generated ones. */
  examples?: T[];
}

/** What {@link checkProperty} found. */
export interface PropertyOutcome<T> {
  /** The smallest failing value, when a run failed. */
  counterexample: T | undefined;
  /** Runs executed (examples included). */
  runs: number;
  /** Runs skipped by {@link assume}. */
  skips: number;
  /** Shrinking steps that kept the failure. */
  shrinks: number;
  /** Set when fast-check gave up (too many skipped runs) rather than finding a counterexample. */
  gaveUp: string | undefined;
}

/** Run an async property: `predicate` returns false for a failure; failures are shrunk. */
export async function checkProperty<T>(
  gen: Gen<T>,
  predicate: (value: T) => Promise<boolean>,
  run: PropertyRun<T>,
): Promise<PropertyOutcome<T>> {
  const details = await fc().check(fc().asyncProperty(gen, predicate), {
    seed: run.seed,
    numRuns: run.numRuns,
    ...(run.examples ? { examples: run.examples.map((example) => [example] as [T]) } : {}),
  });
  const counterexample = details.failed && details.counterexample ? details.counterexample[0] : undefined;
  const gaveUp =
    details.failed && !details.counterexample
      ? String((details.errorInstance as Error | null)?.message ?? 'too many skipped runs')
      : undefined;
  return { counterexample, runs: details.numRuns, skips: details.numSkips, shrinks: details.numShrinks, gaveUp };
}

/** `count` values of `gen` for `seed`, without running anything (tests, previews). */
export function sampleValues<T>(gen: Gen<T>, seed: number, count: number): T[] {
  return fc().sample(gen, { seed, numRuns: count });
}

/** Whether `gen` can shrink `value` although it did not generate it. */
export function canShrink<T>(gen: Gen<T>, value: unknown): boolean {
  return gen.canShrinkWithoutContext(value);
}
