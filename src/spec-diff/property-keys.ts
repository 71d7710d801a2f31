/**
 * The property pairs a schema walk reported (schema-pairs.ts): a property of
 * the schema's own keywords is met once per alternative and reported once.
 * A pair is known by its name, the two property records and whether each
 * side requires it. Kept as maps by record and name, not as one string per
 * pair: a string meant numbering every record in a global weak map and
 * building and hashing a key at each of Stripe's 150,000 property visits.
 * Keys of a kept sub-walk (sub-walks.ts) are looked up in another walk's
 * table, so they name their records, not positions in one walk.
 */
import type { EffectiveSchema } from './schema-record.js';

/** One reported property pair. */
export interface PropertyKey {
  property: string;
  base: EffectiveSchema | undefined;
  head: EffectiveSchema | undefined;
  /** 1: required in base, 2: required in head (both: 3). */
  required: number;
}

/** The property pairs one walk reported, each with the entry number of the walk step that reported it. */
export interface PropertyKeys {
  /** The entry number that reported the pair (its fields as arguments: most lookups find it and build no key). */
  get(
    property: string,
    base: EffectiveSchema | undefined,
    head: EffectiveSchema | undefined,
    required: number,
  ): number | undefined;
  set(key: PropertyKey, entry: number): void;
}

/** The `required` flags of a PropertyKey. */
export function requiredFlags(requiredBase: boolean, requiredHead: boolean): number {
  return (requiredBase ? 1 : 0) | (requiredHead ? 2 : 0);
}

/** An empty table for one walk. */
export function createPropertyKeys(): PropertyKeys {
  // base record -> head record -> property -> entry number per `required` flags (4 slots).
  const table = new Map<object | undefined, Map<object | undefined, Map<string, Array<number | undefined>>>>();
  return {
    get: (property, base, head, required) => table.get(base)?.get(head)?.get(property)?.[required],
    set: (key, entry) => {
      let byHead = table.get(key.base);
      if (!byHead) table.set(key.base, (byHead = new Map()));
      let byProperty = byHead.get(key.head);
      if (!byProperty) byHead.set(key.head, (byProperty = new Map()));
      let entries = byProperty.get(key.property);
      if (!entries) byProperty.set(key.property, (entries = [undefined, undefined, undefined, undefined]));
      entries[key.required] = entry;
    },
  };
}
