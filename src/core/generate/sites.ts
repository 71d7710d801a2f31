/**
 * The properties of a body schema, found by walking it (nested objects
 * included, depth-bounded): where boundary values go and which constraints
 * the negative generators break in turn.
 */
import { joinPointer } from '../json/json-pointer.js';
import type { SchemaObject } from '../spec/types.js';
import { requestProperties } from './objects.js';
import { allowedTypes, flatten, type JsonTypeName, type SchemaScope } from './schema-facts.js';
import type { Charset } from './strings.js';

/** One property of a body. */
export interface Site {
  /** JSON pointer of the property in the body, e.g. `/name` or `/owner/id`. */
  pointer: string;
  /** Last token of the pointer: the property's name. */
  name: string;
  /** How case ids and titles name it: the pointer without its first `/` (`owner/id`), unless set otherwise. */
  label: string;
  /** How messages name it: the property's name (`id`), or `query parameter 'limit'`. */
  noun: string;
  /** The property's schema, `$ref` resolved and `allOf` merged. */
  schema: SchemaObject;
  /** Required by its parent object. */
  required: boolean;
  /** Allowed JSON types; empty for any. */
  types: JsonTypeName[];
  /** Characters its strings may hold (default `any`). */
  charset?: Charset;
}

/** How deep nested object properties are visited. */
const SITE_DEPTH = 3;

/** The properties of `schema` a request body may carry, parents before children. */
export function bodySites(schema: SchemaObject | undefined, scope: SchemaScope, pointer = '', depth = 0): Site[] {
  const flat = flatten(schema, scope);
  if (depth >= SITE_DEPTH || !allowedTypes(flat, scope.version).includes('object')) return [];
  const { properties, required } = requestProperties(flat, scope);
  const sites: Site[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const child = flatten(property, scope);
    const childPointer = joinPointer(pointer, name);
    sites.push({
      pointer: childPointer,
      name,
      label: childPointer.slice(1),
      noun: name,
      schema: child,
      required: required.includes(name),
      types: allowedTypes(child, scope.version),
    });
    sites.push(...bodySites(child, scope, childPointer, depth + 1));
  }
  return sites;
}
