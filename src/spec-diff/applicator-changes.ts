/**
 * How the 2020-12 applicators of a schema pair changed (JSON Schema 2020-12
 * core section 10): each is an assertion, so one added constrains more and
 * one removed constrains less. Applicators on both sides are walked
 * (schema-pairs.ts) and classified by the ordinary rules, except where the
 * direction cannot be told: a changed `if` (it moves where `then`/`else`
 * apply), a changed `not` (it inverts), and `patternProperties` whose
 * regular expressions were replaced (which names they cover cannot be compared).
 */
import type { Direction } from '../core/validation/schema-view.js';
import { canonicalKey } from './canonical-schema.js';
import type { EffectiveSchema } from './schema-record.js';

/** Applicators whose change of content cannot be classified by walking (the condition of `if`, the negation of `not`). */
const NOT_WALKED = /^(if|not)(~\d+)?$/;

/** Is the applicator at `key` of `b` (and of `h`) walked in `direction` (schema-pairs.ts)? */
export function isWalkedApplicator(key: string, b: EffectiveSchema, h: EffectiveSchema, direction: Direction): boolean {
  return !NOT_WALKED.test(key) && sameCondition(b, h, key) && !opensResponse(key, b.subschemas.get(key)!, direction);
}

/** Applicator changes of one pair, as words: `contains`, `if/then/else`, `dependentSchemas/card`. */
export interface ApplicatorChanges {
  added: string[];
  removed: string[];
  unclassified: string[];
}

/** Compare the applicators of `base` and `head`. */
export function applicatorChanges(base: EffectiveSchema, head: EffectiveSchema): ApplicatorChanges {
  const changes: ApplicatorChanges = { added: [], removed: [], unclassified: [] };
  if (base.subschemas.size === 0 && head.subschemas.size === 0) return changes;
  const [b, h] = [base.subschemas, head.subschemas];
  const patterns = (map: Map<string, EffectiveSchema>, other: Map<string, EffectiveSchema>) =>
    [...map.keys()].filter((key) => key.startsWith('patternProperties/') && !other.has(key));
  const [lostPatterns, newPatterns] = [patterns(b, h), patterns(h, b)];
  if (lostPatterns.length > 0 && newPatterns.length > 0) {
    changes.unclassified.push(
      `patternProperties patterns changed from ${names(lostPatterns)} to ${names(newPatterns)}`,
    );
  }
  for (const key of new Set([...b.keys(), ...h.keys()])) {
    if (key.startsWith('patternProperties/') && lostPatterns.length > 0 && newPatterns.length > 0) continue;
    const [keyword, suffix] = key.split('~') as [string, string | undefined];
    const condition = `if${suffix ? `~${suffix}` : ''}`;
    const [bs, hs] = [b.get(key), h.get(key)];
    if (keyword === 'then' || keyword === 'else') {
      // Reported with their `if` when the whole conditional came or went, or when the `if` changed.
      if (!b.has(condition) || !h.has(condition) || canonicalKey(b.get(condition)!) !== canonicalKey(h.get(condition)!))
        continue;
    }
    const name = keyword === 'if' ? 'if/then/else' : describeApplicator(key);
    if (bs && !hs) changes.removed.push(name);
    else if (!bs && hs) changes.added.push(name);
    else if (bs && hs && (keyword === 'if' || keyword === 'not') && canonicalKey(bs) !== canonicalKey(hs))
      changes.unclassified.push(`${name === 'not' ? 'not' : 'the if condition'} changed`);
  }
  return changes;
}

/** `prefixItems[0]`, `dependentSchemas 'card'`, `contains`: an applicator key in words. */
export function describeApplicator(key: string): string {
  const [, keyword = key, rest] = /^([A-Za-z]+)(?:\/(.*))?$/s.exec(key.replace(/~\d+$/, '')) ?? [];
  if (rest === undefined) return keyword;
  return keyword === 'prefixItems' ? `prefixItems[${rest}]` : `${keyword} '${rest}'`;
}

function names(keys: string[]): string {
  return keys.map((key) => key.slice('patternProperties/'.length)).join(', ');
}

/**
 * `unevaluatedProperties: false` (or `unevaluatedItems`) in a response opened
 * to a schema lets more through, which clients ignore, as a new response
 * property (the other way round, or in a request, the walk classifies it).
 */
function opensResponse(key: string, base: EffectiveSchema, direction: Direction): boolean {
  return direction === 'response' && /^unevaluated(Properties|Items)$/.test(key) && base.types?.length === 0;
}

/** `then`/`else` are compared only under the same `if` (their meaning depends on it). */
function sameCondition(b: EffectiveSchema, h: EffectiveSchema, key: string): boolean {
  const match = /^(then|else)(~\d+)?$/.exec(key);
  if (!match) return true;
  const condition = `if${match[2] ?? ''}`;
  const [bIf, hIf] = [b.subschemas.get(condition), h.subschemas.get(condition)];
  return bIf !== undefined && hIf !== undefined && canonicalKey(bIf) === canonicalKey(hIf);
}
