/**
 * What an `enum` or `const` implies for the string keywords: a schema whose
 * strings are all listed has, in effect, a maxLength (its longest string), a
 * minLength (its shortest) and a pattern every listed string matches. The
 * bound rules read these so that a bound replaced by a list that fits inside
 * it is not taken for a widening (Stripe's `charge.status`: `maxLength: 5000`
 * became `enum: [failed, pending, succeeded]`).
 */
import type { EffectiveSchema } from './schema-record.js';

/** The length bounds JSON Schema 2020-12 validation section 6.3 defines. */
export type LengthKey = 'maxLength' | 'minLength';

/**
 * The length bound `schema`'s allowed values imply, or undefined when it lists
 * none. Lengths count code points (2020-12 validation section 6.3.1). A list
 * without strings admits no string: every length bound holds (0 for
 * maxLength, Infinity for minLength).
 */
export function impliedLength(schema: EffectiveSchema, key: LengthKey): number | undefined {
  if (schema.enum === undefined) return undefined;
  let [longest, shortest] = [0, Number.POSITIVE_INFINITY];
  for (const value of schema.enum) {
    if (typeof value !== 'string') continue;
    const length = [...value].length;
    longest = Math.max(longest, length);
    shortest = Math.min(shortest, length);
  }
  return key === 'maxLength' ? longest : shortest;
}

/** The length bound `schema` puts on strings, its keyword and its allowed values together (the tighter). */
export function effectiveLength(schema: EffectiveSchema, key: LengthKey): number | undefined {
  const [stated, implied] = [schema.bounds[key], impliedLength(schema, key)];
  if (stated === undefined || implied === undefined) return stated ?? implied;
  return key === 'maxLength' ? Math.min(stated, implied) : Math.max(stated, implied);
}

/**
 * True when `schema` lists its values and every listed string matches
 * `pattern` (ECMA-262 regular expressions, OAS 3.1.0 section 4.8.24.1): a
 * pattern that every allowed value already met narrows nothing. False when
 * the pattern does not compile here.
 */
export function enumMatches(schema: EffectiveSchema, pattern: string): boolean {
  if (schema.enum === undefined) return false;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return schema.enum.every((value) => typeof value !== 'string' || regex.test(value));
}
