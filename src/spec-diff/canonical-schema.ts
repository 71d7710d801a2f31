/**
 * The canonical form of an effective schema: one key per meaning, so two
 * schemas that accept the same values in the same way compare equal however
 * they are written. Order carries no meaning in `required`, `enum`,
 * `properties` or the branches of `oneOf`/`anyOf` (JSON Schema 2020-12 core
 * section 10.2.1), so all are sorted; where a schema is written (pointer,
 * component name) is left out.
 *
 * Schemas are graphs (shared and circular `$ref`s), so the key is built
 * from the node's own keywords and the keys of its children, hashed, down
 * to KEY_DEPTH levels: a circular schema unrolls to the same key under any
 * name, and the cost stays linear (each Schema Object and depth is hashed
 * once, however many operations use it).
 * Two schemas that differ only deeper than that share a key; callers use
 * keys to match schemas, and still compare matched ones, so such a
 * difference is reported all the same.
 */
import { hash as digest } from 'node:crypto';
import { type DispatchTag, type EffectiveSchema, originOf } from './schema-record.js';

/** How many levels below a schema its key looks. */
const KEY_DEPTH = 16;

/** Keys by depth, per Schema Object (shared by every root built from it) or per derived node. */
const memo = new WeakMap<object, Map<number, string>>();

/** The canonical key of `schema`. */
export function canonicalKey(schema: EffectiveSchema): string {
  return keyAt(schema, KEY_DEPTH);
}

function keyAt(node: EffectiveSchema, depth: number): string {
  const identity = originOf(node) ?? node;
  let byDepth = memo.get(identity);
  if (!byDepth) memo.set(identity, (byDepth = new Map()));
  const known = byDepth.get(depth);
  if (known !== undefined) return known;
  const sub = (child: EffectiveSchema | undefined) => (!child ? '-' : depth === 0 ? '*' : keyAt(child, depth - 1));
  const entries = (map: Map<string, EffectiveSchema>) => [...map.keys()].sort().map((key) => [key, sub(map.get(key))]);
  const text = JSON.stringify([
    node.types ?? null,
    node.format ?? null,
    node.enum ? node.enum.map((value) => JSON.stringify(value)).sort() : null,
    node.default ? JSON.stringify(node.default.value) : null,
    entries(node.properties),
    [...node.required].sort(),
    sub(node.additionalProperties),
    sub(node.items),
    node.readOnly,
    node.writeOnly,
    Object.keys(node.bounds)
      .sort()
      .map((key) => [key, node.bounds[key as keyof typeof node.bounds]]),
    node.uniqueItems,
    [...node.dependentRequired.keys()].sort().map((key) => [key, [...node.dependentRequired.get(key)!].sort()]),
    entries(node.subschemas),
    node.variants
      ? [
          node.variants.keyword,
          node.variants.branches
            .map((branch, index) => `${sub(branch)}${tagText(node.variants!.tags?.[index])}`)
            .sort(),
        ]
      : null,
    node.discriminator ?? null,
    tagText(node.tag),
  ]);
  const key = hash(text);
  byDepth.set(depth, key);
  return key;
}

function tagText(tag: DispatchTag | undefined): string {
  return tag ? `@${tag.property}=${JSON.stringify([...tag.values].sort())}` : '';
}

/** The text's SHA-1 in base64url; the one-shot form (Node 20.12): a Hash object per key cost four times as much. */
function hash(text: string): string {
  return digest('sha1', text, 'base64url');
}
