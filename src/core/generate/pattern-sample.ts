/**
 * One string matching a `pattern`, for the deterministic samples (the spec's
 * `^[A-Z]{3}-[0-9]{4}$` gets `ABC-1234`-like text rather than a random
 * value): the same string every time for a pattern and length range, or
 * undefined when fast-check cannot generate from the pattern (lookarounds,
 * backreferences) or no short candidate fits the lengths.
 */
import { patternRegExp } from '../validation/pattern.js';
import { sampleValues } from './fast-check.js';
import { patternGen } from './strings.js';

const cache = new Map<string, string | undefined>();

/** A string matching `pattern` with a length in [min, max]. */
export function patternSample(pattern: string, min = 0, max = Infinity): string | undefined {
  const key = `${pattern}\u0000${min}\u0000${max}`;
  if (cache.has(key)) return cache.get(key);
  let found: string | undefined;
  const expression = patternRegExp(pattern);
  // The generator is the one strings.ts keeps per pattern (undefined where fast-check cannot read the pattern).
  const gen = expression && patternGen(pattern);
  if (expression && gen) {
    try {
      // The shortest of a few candidates reads best.
      const candidates = sampleValues(gen, 7, 30).filter(
        (text) => text.length >= min && text.length <= max && expression.test(text),
      );
      found = candidates.sort((a, b) => a.length - b.length)[0];
    } catch {
      found = undefined;
    }
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, found);
  return found;
}
