/**
 * Walk two effective schemas side by side: every node present in both
 * becomes a SchemaPair, every property of a pair of object schemas a
 * PropertyPair (present on one side or both). readOnly properties are not
 * part of a request and writeOnly ones not part of a response (OAS 3.1.0
 * section 4.8.24), so they are "invisible" on that side.
 */
import type { Direction } from '../validation/schema-view.js';
import type { EffectiveSchema } from './effective-schema.js';
import type { PropertyPair, SchemaPair } from './types.js';

/** Collected pairs. */
export interface SchemaPairs {
  schemas: SchemaPair[];
  properties: PropertyPair[];
}

/** Pair up `base` and `head` (roots of a body or parameter) into `out`. */
export function pairSchemas(out: SchemaPairs, root: { operation: string; direction: Direction; name: string }, base: EffectiveSchema, head: EffectiveSchema): void {
  const visited = new Map<EffectiveSchema, Set<EffectiveSchema>>();
  const hidden = root.direction === 'request' ? 'readOnly' : 'writeOnly';

  const walk = (b: EffectiveSchema, h: EffectiveSchema, path: string, isProperty: boolean) => {
    const seen = visited.get(b) ?? new Set<EffectiveSchema>();
    if (seen.has(h)) return;
    seen.add(h);
    visited.set(b, seen);
    const name = path ? `${root.name} property '${path}'` : root.name;
    out.schemas.push({ operation: root.operation, direction: root.direction, name, isProperty, base: b, head: h });
    for (const property of new Set([...b.properties.keys(), ...h.properties.keys()])) {
      const bp = b.properties.get(property);
      const hp = h.properties.get(property);
      const child = path ? `${path}.${property}` : property;
      out.properties.push({
        operation: root.operation,
        direction: root.direction,
        name: `${root.name} property '${child}'`,
        base: bp,
        head: hp,
        visibleBase: bp !== undefined && !bp[hidden],
        visibleHead: hp !== undefined && !hp[hidden],
        requiredBase: b.required.has(property) && bp?.[hidden] !== true,
        requiredHead: h.required.has(property) && hp?.[hidden] !== true,
        parentBase: b.pointer,
        parentHead: h.pointer,
      });
      if (bp && hp) walk(bp, hp, child, true);
    }
    if (b.items && h.items) walk(b.items, h.items, `${path}[]`, false);
    if (b.variants && h.variants && b.variants.keyword === h.variants.keyword && b.variants.branches.length === h.variants.branches.length) {
      b.variants.branches.forEach((branch, index) => walk(branch, h.variants!.branches[index]!, `${path}(${b.variants!.keyword} ${index})`, false));
    }
  };
  walk(base, head, '', false);
}
