/**
 * JSON type sets of effective schemas, read the way JSON Schema 2020-12
 * does (validation section 6.1.1): `number` includes `integer`; no `type`
 * means any type.
 */
import { assertedFormat } from './known-formats.js';
import type { EffectiveSchema } from './schema-record.js';

/** Does a schema with `types` accept values of `type`? */
export function covers(types: readonly string[] | undefined, type: string): boolean {
  return types === undefined || types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** Types of `from` that `to` no longer accepts (`any` when `from` had no type but `to` has one). */
export function lostTypes(from: readonly string[] | undefined, to: readonly string[] | undefined): string[] {
  if (to === undefined) return [];
  if (from === undefined) return ['any'];
  return from.filter((type) => !covers(to, type));
}

/** `string`, `integer (int64)`, `string or null`, `any`: a schema's type in words. */
export function describeType(schema: Pick<EffectiveSchema, 'types' | 'format'>): string {
  const types = schema.types === undefined ? 'any' : schema.types.length === 0 ? 'nothing' : schema.types.join(' or ');
  return schema.format ? `${types} (${schema.format})` : types;
}

/** Format changes that accept more values than before (OAS 3.1.0 section 4.4 Data Types). */
const WIDER_FORMATS: ReadonlyArray<readonly [string, string]> = [
  ['int32', 'int64'],
  ['float', 'double'],
];

/** Does changing `from` to `to` (formats) only widen what is accepted? A format no tool knows counts as none. */
export function isFormatWidening(formatFrom: string | undefined, formatTo: string | undefined): boolean {
  const [from, to] = [assertedFormat(formatFrom), assertedFormat(formatTo)];
  if (to === undefined) return true;
  if (from === to) return true;
  return WIDER_FORMATS.some(([narrow, wide]) => narrow === from && wide === to);
}
