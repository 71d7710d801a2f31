/**
 * The stateful phase's randomness: one seeded stream per sequence, so a run
 * with the same --seed plans the same sequences with the same bodies
 * whatever the server answers (mulberry32: small, fast, good enough to pick
 * steps; nothing here needs cryptographic quality).
 */

/** A stream of numbers in [0, 1). */
export type Random = () => number;

/** The stream for `seed` and a label (the collection and the sequence it plans). */
export function seededRandom(seed: number, label: string): Random {
  let state = (seed ^ hash(label)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** An integer in [0, count). */
export function below(random: Random, count: number): number {
  return Math.floor(random() * count);
}

/** A 31-bit seed drawn from the stream (for value generators). */
export function nextSeed(random: Random): number {
  return below(random, 2 ** 31);
}

/** FNV-1a of a string. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}
