/**
 * The canonical form of an effective schema: one string per meaning, so two
 * schemas that accept the same values in the same way compare equal however
 * they are written. Order carries no meaning in `required`, `enum`,
 * `properties` or the branches of `oneOf`/`anyOf` (JSON Schema 2020-12 core
 * section 10.2.1), so all are sorted; where a schema is written (pointer,
 * component name) is left out. A circular schema refers back by distance up
 * the path (`{"$cycle":2}`), which does not depend on names either.
 */
import type { EffectiveSchema } from './effective-schema.js';

/** The canonical text of `schema`. */
export function canonicalKey(schema: EffectiveSchema): string {
  const memo = new Map<EffectiveSchema, string>();
  const stack: EffectiveSchema[] = [];

  /** Text of `node` and the shallowest stack index a cycle inside it reaches (Infinity: none outside it). */
  const visit = (node: EffectiveSchema): { text: string; reach: number } => {
    const onStack = stack.indexOf(node);
    if (onStack >= 0) return { text: `{"$cycle":${stack.length - onStack}}`, reach: onStack };
    const known = memo.get(node);
    if (known !== undefined) return { text: known, reach: Infinity };
    stack.push(node);
    let reach = Infinity;
    const sub = (child: EffectiveSchema | undefined) => {
      if (!child) return 'null';
      const result = visit(child);
      reach = Math.min(reach, result.reach);
      return result.text;
    };
    const entries = (map: Map<string, EffectiveSchema>) => `[${[...map.keys()].sort().map((key) => `[${JSON.stringify(key)},${sub(map.get(key))}]`).join(',')}]`;
    const fields = [
      `"types":${JSON.stringify(node.types ?? null)}`,
      `"format":${JSON.stringify(node.format ?? null)}`,
      `"enum":${node.enum ? JSON.stringify(node.enum.map((value) => JSON.stringify(value)).sort()) : 'null'}`,
      `"default":${node.default ? JSON.stringify(node.default.value) : 'null'}`,
      `"properties":${entries(node.properties)}`,
      `"required":${JSON.stringify([...node.required].sort())}`,
      `"additionalProperties":${sub(node.additionalProperties)}`,
      `"items":${sub(node.items)}`,
      `"readOnly":${node.readOnly}`,
      `"writeOnly":${node.writeOnly}`,
      `"bounds":${JSON.stringify(Object.keys(node.bounds).sort().map((key) => [key, node.bounds[key as keyof typeof node.bounds]]))}`,
      `"uniqueItems":${node.uniqueItems}`,
      `"dependentRequired":${JSON.stringify([...node.dependentRequired.keys()].sort().map((key) => [key, [...node.dependentRequired.get(key)!].sort()]))}`,
      `"subschemas":${entries(node.subschemas)}`,
      `"variants":${node.variants ? `[${JSON.stringify(node.variants.keyword)},[${node.variants.branches.map(sub).sort().join(',')}]]` : 'null'}`,
      `"discriminator":${JSON.stringify(node.discriminator ?? null)}`,
    ];
    stack.pop();
    const text = `{${fields.join(',')}}`;
    // Self-contained (no cycle reaches above this node): the same text wherever it is met.
    if (reach >= stack.length) {
      memo.set(node, text);
      return { text, reach: Infinity };
    }
    return { text, reach };
  };

  return visit(schema).text;
}
