/** Constant-time comparison of secrets, so a pinned credential cannot be guessed byte by byte from timings. */
import { timingSafeEqual } from 'node:crypto';

/** True when `given` equals `expected`. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
