/**
 * The values each branch of a discriminated `oneOf`/`anyOf` is dispatched
 * on (OAS 3.1.0 section 4.8.25): the `mapping` keys that name the branch's
 * component, or else the component's name (the implicit mapping). They are
 * a hint for tools, not an assertion (OAS 3.1.1 section 4.8.25: the
 * discriminator must not change what validates), so they are kept beside
 * the branches (`Variants.tags`): they match branches across specs, tell a
 * branch clients cannot dispatch from one they can, and the discriminator
 * rules compare them.
 */
import type { DispatchTag, EffectiveSchema } from './schema-record.js';

/** Give each branch of `schema` (in place) its dispatch values; `mapping` as written. */
export function tagBranches(schema: EffectiveSchema, mapping: unknown): void {
  const property = schema.discriminator;
  const variants = schema.variants;
  if (property === undefined || !variants) return;
  const explicit = new Map<string, string[]>();
  if (mapping && typeof mapping === 'object')
    for (const [value, target] of Object.entries(mapping)) {
      if (typeof target !== 'string') continue;
      const name = componentOf(target);
      explicit.set(name, [...(explicit.get(name) ?? []), value]);
    }
  // Read before the branches are complete (circular schemas): only their component names are used.
  variants.tags = variants.branches.map((branch): DispatchTag | undefined =>
    branch.component === undefined
      ? undefined
      : { property, values: explicit.get(branch.component) ?? [branch.component] },
  );
}

/** `#/components/schemas/Cat`, `other.yaml#/components/schemas/Cat` or `Cat`: the schema name. */
function componentOf(target: string): string {
  const last = target.includes('/') ? target.slice(target.lastIndexOf('/') + 1) : target;
  return last.replaceAll('~1', '/').replaceAll('~0', '~');
}
