/**
 * Component names of schemas, which dereferencing erases: XML needs them,
 * because an object's element is named after its component when the schema
 * gives no `xml.name` (OAS 4.8.26 XML Object, `name`). Dereferenced
 * references share the component's schema object, so names are kept by identity.
 */
import type { SchemaObject } from './types.js';

const names = new WeakMap<object, string>();

/** Remember the name of every schema under `components.schemas` of a dereferenced document. */
export function nameComponentSchemas(document: Record<string, unknown>): void {
  const components = (document.components as Record<string, unknown> | undefined)?.schemas;
  if (typeof components !== 'object' || components === null) return;
  for (const [name, schema] of Object.entries(components))
    if (typeof schema === 'object' && schema !== null) names.set(schema, name);
}

/** The component name of `schema`, when it is a component. */
export function componentName(schema: SchemaObject | undefined): string | undefined {
  return schema ? names.get(schema) : undefined;
}
