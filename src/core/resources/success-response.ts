/**
 * The success answer of an operation as a collection reads it: the lowest
 * documented 2xx (a `2XX` range or `default` as 200, OAS 4.8.16) and its JSON
 * media type (RFC 8259, `+json` suffixes per RFC 6839), and what a schema
 * says about objects and arrays once `allOf` is merged.
 */
import { isJsonMediaType } from '../http/media-type.js';
import { objectShape, schemaTypes } from '../schema/object-shape.js';
import { resolveSchema } from '../spec/circular-refs.js';
import type { MediaTypeContent, Operation, SchemaObject } from '../spec/types.js';
import type { ResourceOperation } from './types.js';

/** The operation with its success status and JSON media type; undefined when it documents no success. */
export function successOf(operation: Operation): ResourceOperation | undefined {
  const numbered = operation.responses
    .filter((response) => /^2\d\d$/.test(response.status))
    .sort((a, b) => Number(a.status) - Number(b.status));
  const response =
    numbered[0] ??
    operation.responses.find((response) => response.status === '2XX') ??
    operation.responses.find((response) => response.status === 'default');
  if (!response) return undefined;
  const status = /^\d{3}$/.test(response.status) ? Number(response.status) : 200;
  return { operation, status, media: jsonMedia(response.content) };
}

/** The first JSON media type with a schema. */
function jsonMedia(content: readonly MediaTypeContent[]): MediaTypeContent | undefined {
  return content.find(
    (media) =>
      media.schema !== undefined && isJsonMediaType(media.mediaType.toLowerCase()) && media.mediaType !== '*/*',
  );
}

/** Whether `schema` describes objects that declare `field`. */
export function declares(schema: SchemaObject | undefined, field: string): boolean {
  return schemaTypes(schema).includes('object') && field in objectShape(schema).properties;
}

/** The item schema of an array schema (`items`), when it is one. */
export function arrayItems(schema: SchemaObject | undefined): SchemaObject | undefined {
  const resolved = resolveSchema(schema);
  if (!resolved || !schemaTypes(resolved).includes('array')) return undefined;
  const items = resolved.items;
  return typeof items === 'object' && items !== null && !Array.isArray(items) ? (items as SchemaObject) : undefined;
}

/**
 * The array of items in a list answer: the body itself (`itemsPointer` '')
 * or the one array property of an object (`{items: [...], total}`), with the
 * schema of its items; undefined when the body is neither.
 */
export function listArray(schema: SchemaObject | undefined): { itemsPointer: string; items: SchemaObject } | undefined {
  const bare = arrayItems(schema);
  if (bare) return { itemsPointer: '', items: bare };
  const arrays = Object.entries(propertiesOf(schema)).filter(([, property]) => arrayItems(property) !== undefined);
  const [only] = arrays;
  return arrays.length === 1 ? { itemsPointer: `/${only![0]}`, items: arrayItems(only![1])! } : undefined;
}

/** Property names of an object schema, allOf merged. */
export function propertiesOf(schema: SchemaObject | undefined): Record<string, SchemaObject> {
  return objectShape(schema).properties;
}
