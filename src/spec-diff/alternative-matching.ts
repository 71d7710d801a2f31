/**
 * Matching the alternatives of two schemas (alternatives.ts reads a schema
 * as its alternatives), in this order:
 * 1. identical ones (canonical form): a reshuffle or a re-`$ref` is no change;
 * 2. the same `$ref` target (component): compared, so a change inside a
 *    branch is reported by the ordinary rules with the branch's direction;
 * 3. the same tag: a discriminator value (discriminator-tags.ts) or a
 *    `const` property that tells the branches apart;
 * 4. ones the other side wholly accepts (in a request, what clients sent
 *    must still pass; in a response, what clients get must be something
 *    they knew): a branch folded into another is no change;
 * 5. the closest remaining (same types, shared properties), never two whose
 *    tags differ: compared like 2 and 3.
 * What is left was removed or added, unless the other side as a whole
 * accepts all of it (then nothing was lost or gained).
 */
import type { Alternative, AlternativeMatch } from './alternatives.js';
import { sameValue } from './same-value.js';
import { acceptsAll } from './schema-cover.js';
import type { EffectiveSchema } from './schema-record.js';
import { covers } from './type-sets.js';

/**
 * Match the alternatives of `base` and `head` (whole schemas, read by
 * alternativesOf). `covering` says which side must accept the other's
 * leftovers: `head` in a request, `base` in a response.
 */
export function matchAlternatives(
  base: { schema: EffectiveSchema; alternatives: Alternative[] },
  head: { schema: EffectiveSchema; alternatives: Alternative[] },
  covering: 'base' | 'head',
): AlternativeMatch[] {
  const matches: AlternativeMatch[] = [];
  const freeBase = new Set(base.alternatives);
  const freeHead = new Set(head.alternatives);
  const take = (b: Alternative | undefined, h: Alternative | undefined, how: AlternativeMatch['how']) => {
    matches.push({ base: b, head: h, how });
    if (b) freeBase.delete(b);
    if (h) freeHead.delete(h);
  };
  const tags = tagProperties(base.alternatives, head.alternatives);
  for (const b of base.alternatives) {
    const same = [...freeHead].filter((h) => h.key === b.key);
    const pick = same.find((h) => h.schema.component === b.schema.component) ?? same[0];
    if (pick) take(b, pick, 'same');
  }
  for (const b of [...freeBase]) {
    if (b.schema.component === undefined) continue;
    const h = [...freeHead].find((h) => h.schema.component === b.schema.component && h.part === b.part);
    if (h) take(b, h, 'paired');
  }
  for (const b of [...freeBase]) {
    const h = [...freeHead].find((h) => sameTag(b.schema, h.schema, tags) && shareType(b.schema, h.schema));
    if (h) take(b, h, 'paired');
  }
  const [leftovers, others, free] = covering === 'head' ? [freeBase, head, freeHead] : [freeHead, base, freeBase];
  for (const alternative of [...leftovers]) {
    const wider = [...others.alternatives]
      .filter((other) => acceptsAll(other.schema, alternative.schema))
      .sort(
        (x, y) =>
          Number(free.has(y)) - Number(free.has(x)) || affinity(y, alternative, tags) - affinity(x, alternative, tags),
      )[0];
    if (!wider && !acceptsAll(others.schema, alternative.schema)) continue;
    if (covering === 'head') take(alternative, wider, 'covered');
    else take(wider, alternative, 'covered');
  }
  const candidates = [...freeBase].flatMap((b) =>
    [...freeHead].map((h) => ({
      b,
      h,
      score: affinity(b, h, tags),
      distance: Math.abs(base.alternatives.indexOf(b) - head.alternatives.indexOf(h)),
    })),
  );
  candidates.sort((x, y) => y.score - x.score || x.distance - y.distance);
  for (const { b, h, score } of candidates) if (score > 0 && freeBase.has(b) && freeHead.has(h)) take(b, h, 'paired');
  // Leftovers of the covering side's other half were weighed above; the rest are weighed here.
  for (const b of freeBase)
    matches.push({
      base: b,
      head: undefined,
      how: covering === 'base' && acceptsAll(head.schema, b.schema) ? 'covered' : 'removed',
    });
  for (const h of freeHead)
    matches.push({
      base: undefined,
      head: h,
      how: covering === 'head' && acceptsAll(base.schema, h.schema) ? 'covered' : 'added',
    });
  return matches;
}

/** 0: not to be compared (no common type, or different tags); higher: more alike. */
function affinity(a: Alternative, b: Alternative, tags: string[]): number {
  const [x, y] = [a.schema, b.schema];
  if (!shareType(x, y) || tagsDiffer(x, y, tags)) return 0;
  let score = 1;
  if (x.component !== undefined && x.component === y.component) score += 1000;
  if (JSON.stringify(x.types) === JSON.stringify(y.types)) score += 100;
  for (const name of x.properties.keys()) if (y.properties.has(name)) score += 10;
  return score;
}

function shareType(a: EffectiveSchema, b: EffectiveSchema): boolean {
  return a.types === undefined || b.types === undefined || a.types.some((type) => covers(b.types, type));
}

/**
 * Properties that tell the alternatives of a side apart: at least two of
 * them give it an `enum`/`const`, and no value is given by two. A property
 * that is a tag on either side counts.
 */
function tagProperties(base: Alternative[], head: Alternative[]): string[] {
  const isTag = (alternatives: Alternative[], name: string) => {
    const lists = alternatives.map((alternative) => alternative.schema.properties.get(name)?.enum).filter(Boolean);
    const values = lists.flat() as unknown[];
    return (
      lists.length >= 2 &&
      values.every((value, index) => values.findIndex((other) => sameValue(other, value)) === index)
    );
  };
  const names = new Set([...base, ...head].flatMap((alternative) => [...alternative.schema.properties.keys()]));
  return [...names].filter((name) => isTag(base, name) || isTag(head, name));
}

/** For each way two alternatives can be told apart: do they share a value (undefined: not both tagged that way)? */
function tagComparisons(a: EffectiveSchema, b: EffectiveSchema, tags: string[]): boolean[] {
  const shared = (x: readonly unknown[], y: readonly unknown[]) =>
    x.some((value) => y.some((other) => sameValue(other, value)));
  const found: boolean[] = [];
  // The discriminator values tools dispatch on (discriminator-tags.ts), then `const`/`enum` properties.
  if (a.tag && b.tag && a.tag.property === b.tag.property) found.push(shared(a.tag.values, b.tag.values));
  for (const name of tags) {
    const [x, y] = [a.properties.get(name)?.enum, b.properties.get(name)?.enum];
    if (x && y) found.push(shared(x, y));
  }
  return found;
}

/** Tagged alike: a tag value in common. */
function sameTag(a: EffectiveSchema, b: EffectiveSchema, tags: string[]): boolean {
  return tagComparisons(a, b, tags).some(Boolean);
}

/** Tagged apart: a tag with no value in common, so two different branches. */
function tagsDiffer(a: EffectiveSchema, b: EffectiveSchema, tags: string[]): boolean {
  return tagComparisons(a, b, tags).some((common) => !common);
}
