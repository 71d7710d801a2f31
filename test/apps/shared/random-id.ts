/** Random resource ids, so a client that guesses ids (1, 2, 3...) finds nothing by luck. */
import { randomBytes } from 'node:crypto';

/** A random positive integer of up to 53 bits that `taken` does not hold (exact as a JSON number). */
export function randomId(taken: { has(id: number): boolean }): number {
  for (;;) {
    const id = Number(randomBytes(8).readBigUInt64BE() >> 11n);
    if (id > 0 && !taken.has(id)) return id;
  }
}
