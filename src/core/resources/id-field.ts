/**
 * Which item property a path parameter names. `/plants/{plantId}` over a
 * Plant `{id, name}` names `id`; the rules, first match wins:
 * 1. a property with the parameter's own name (`{sku}` -> `sku`);
 * 2. `id`, when the parameter is `id` or ends in Id/_id (`plantId`, `plant_id`);
 * 3. `<singular>Id` or `<singular>_id` when the parameter is `id` (`/plants/{id}` -> `plantId`);
 * 4. the one property whose name the parameter's name ends with (`{plantSku}` -> `sku`);
 * 5. `id`, when the parameter is the collection's singular and holds a number or a uuid (`/notes/{note}`,
 *    Laravel's route model binding); a plain string there names the item otherwise (GitHub's `{repo}` is a name).
 * A property only qualifies when its type can travel in the path as the
 * parameter's schema does (a string parameter carries any scalar; an integer
 * one integers and numbers).
 */
import { schemaTypes } from '../schema/object-shape.js';
import type { SchemaObject } from '../spec/types.js';

/** The singular of an English collection name, as far as API paths need it (`plants`, `categories`, `boxes`). */
export function singular(name: string): string {
  if (/ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/i.test(name)) return name.slice(0, -2);
  if (/[^s]s$/i.test(name)) return name.slice(0, -1);
  return name;
}

/** True for names that name an identifier: `id`, `plantId`, `plant_id`, `plant-id`, `plantID`. */
export function isIdName(name: string): boolean {
  return /^id$/i.test(name) || /[a-z0-9]Id$/.test(name) || /[_-]id$/i.test(name) || /[a-z0-9]ID$/.test(name);
}

/** The identifying property for path parameter `parameter` (of schema `parameterSchema`) among `properties`, or undefined. */
export function idFieldFor(
  parameter: string,
  parameterSchema: SchemaObject | undefined,
  properties: Record<string, SchemaObject>,
  collectionName: string,
): string | undefined {
  const fits = (name: string) => name in properties && travels(parameterSchema, properties[name]);
  if (fits(parameter)) return parameter;
  if (/^(id|.+(Id|ID|_id|-id))$/.test(parameter) && fits('id')) return 'id';
  const one = singular(collectionName);
  if (parameter.toLowerCase() === 'id') {
    const named = [`${one}Id`, `${one}_id`, `${one}ID`].find(fits);
    if (named) return named;
  }
  const suffixes = Object.keys(properties).filter(
    (name) => name.length >= 2 && parameter.toLowerCase().endsWith(name.toLowerCase()) && fits(name),
  );
  if (suffixes.length === 1) return suffixes[0];
  return parameter.toLowerCase() === one.toLowerCase() && holdsId(parameterSchema) && fits('id') ? 'id' : undefined;
}

/** Whether a parameter's values are identifiers rather than names: numbers, or uuids (RFC 9562). */
function holdsId(schema: SchemaObject | undefined): boolean {
  const types = schemaTypes(schema);
  return types.includes('integer') || types.includes('number') || schema?.format === 'uuid';
}

/** Whether a value of `property`'s type can be written in a path parameter of `parameter`'s type. */
export function travels(parameter: SchemaObject | undefined, property: SchemaObject | undefined): boolean {
  const propertyTypes = schemaTypes(property).filter((type) => type !== 'null');
  const scalar =
    propertyTypes.length === 0 || propertyTypes.every((type) => ['string', 'integer', 'number'].includes(type));
  if (!scalar) return false;
  const parameterTypes = schemaTypes(parameter);
  if (parameterTypes.length === 0 || parameterTypes.includes('string')) return true;
  return propertyTypes.length === 0 || propertyTypes.some((type) => type === 'integer' || type === 'number');
}
