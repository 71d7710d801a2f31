/**
 * Walking a document as written, following its local component `$ref`s: the
 * Prism engine copies the components a path item reaches, and the validators
 * view the component schemas a schema reaches. Each object is visited once,
 * so shared and circular components are walked once.
 */

/** The component a `$ref` points into (`#/components/<section>/<name>`, deeper pointers included), its name decoded; undefined for any other `$ref`. */
function componentRef(ref: unknown): { section: string; name: string } | undefined {
  if (typeof ref !== 'string') return undefined;
  const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)/.exec(ref) ?? [];
  return section === undefined || name === undefined
    ? undefined
    : { section, name: name.replace(/~1/g, '/').replace(/~0/g, '~') };
}

/**
 * Visit every object reachable from `root`, once each. For each component
 * `$ref` met, `follow` may return a node to walk as well (the component, or
 * a copy it made), or undefined to stop there.
 */
export function walkComponentRefs(root: unknown, follow: (ref: { section: string; name: string }) => unknown): void {
  const pending: unknown[] = [root];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const ref = componentRef((node as { $ref?: unknown }).$ref);
    const next = ref === undefined ? undefined : follow(ref);
    if (next !== undefined) pending.push(next);
    for (const child of Object.values(node)) pending.push(child);
  }
}
