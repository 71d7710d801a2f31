/**
 * One seed per property, derived from the run's seed and the property's
 * name: the same `--seed` replays every property exactly, and adding an
 * operation to the spec does not change the values the others get.
 */

/** A 31-bit seed for `parts` under the run seed (FNV-1a over the joined text). */
export function deriveSeed(runSeed: number, ...parts: string[]): number {
  let hash = 0x811c9dc5;
  for (const character of [String(runSeed), ...parts].join('\u0000')) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}
