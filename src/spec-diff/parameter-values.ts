/**
 * Parameter and header values as they travel (OAS 3.1.0 section 4.8.12.4):
 * text shaped by a style, unless the parameter names a media type
 * (`content`). Two consequences for comparing them:
 * - a number, integer or boolean is also a valid string, in the value and
 *   in its array items and object properties (SchemaPair.textual);
 * - a one-item array is written exactly like a single value in every
 *   style (`id=5`, `5`, `.5`, `;id=5`), so a single value is compared with
 *   an array as an array of one item: a query parameter becoming an array
 *   of what it was loses nothing, and the reverse is `maxItems: 1`.
 */
import { isJsonMediaType, parseMediaType } from '../core/http/media-type.js';
import type { OperationParameter } from '../core/spec/types.js';
import { type EffectiveSchema, emptySchema } from './schema-record.js';

/** Does `parameter` travel as styled text (not as a JSON document)? */
export function isTextual(parameter: OperationParameter): boolean {
  if (parameter.mediaType === undefined) return true;
  const essence = parseMediaType(parameter.mediaType)?.essence ?? parameter.mediaType.toLowerCase();
  return !isJsonMediaType(essence);
}

/** `base` and `head`, a single value on one side read as an array of one when the other side is an array. */
export function alignSingleWithArray(base: EffectiveSchema, head: EffectiveSchema): [EffectiveSchema, EffectiveSchema] {
  if (isArray(head) && isSingle(base)) return [arrayOfOne(base), head];
  if (isArray(base) && isSingle(head)) return [base, arrayOfOne(head)];
  return [base, head];
}

function isArray(schema: EffectiveSchema): boolean {
  return schema.types?.filter((type) => type !== 'null').join() === 'array' && schema.items !== undefined;
}

function isSingle(schema: EffectiveSchema): boolean {
  return (
    schema.types !== undefined &&
    schema.types.length > 0 &&
    !schema.types.includes('array') &&
    !schema.types.includes('object') &&
    !schema.variants
  );
}

function arrayOfOne(value: EffectiveSchema): EffectiveSchema {
  // No minItems: an empty array is written like an empty value (`id=`).
  return { ...emptySchema(value.pointer, ['array']), items: value, bounds: { maxItems: 1 } };
}
