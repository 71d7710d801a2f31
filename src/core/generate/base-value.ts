/**
 * Deterministic valid values, the bodies the boundary phase changes one
 * property of. They use only values the random generators could have made
 * themselves (integers as bigint, plain ASCII strings), so fast-check can
 * shrink a failing boundary case like any generated one.
 */

import { joinPointer } from '../json/json-pointer.js';
import { sampleValue } from '../schema/sample-value.js';
import type { SchemaObject } from '../spec/types.js';
import { type IntegerRange, integerRange } from './integers.js';
import { requestProperties } from './objects.js';
import { allowedTypes, flatten, MAX_DEPTH, type SchemaScope } from './schema-facts.js';
import { branchSchemas } from './schema-gen.js';
import { stringLimits } from './strings.js';

/** How to build a base value. */
export interface BaseOptions {
  /** `minimal`: required properties only; `full`: every declared property. */
  mode: 'minimal' | 'full';
  /** The integer to put at `pointer` (the property phase hands out unique ids here). */
  integer(pointer: string, range: IntegerRange): bigint;
}

/** A valid value for `schema`, built the same way every time. */
export function baseValue(
  schema: SchemaObject | undefined,
  scope: SchemaScope,
  options: BaseOptions,
  pointer = '',
  depth = 0,
): unknown {
  const flat = flatten(schema, scope);
  if (flat.const !== undefined) return flat.const;
  if (Array.isArray(flat.enum) && flat.enum.length > 0) return flat.enum[0];
  const [branch] = branchSchemas(flat);
  if (branch) return baseValue(branch, scope, options, pointer, depth + 1);
  const type =
    allowedTypes(flat, scope.version).find((candidate) => candidate !== 'null') ??
    (allowedTypes(flat, scope.version).length ? 'null' : 'string');
  switch (type) {
    case 'object': {
      const { properties, required } = requestProperties(flat, scope);
      const names =
        options.mode === 'full' && depth < MAX_DEPTH
          ? [...new Set([...required, ...Object.keys(properties)])]
          : required;
      return Object.fromEntries(
        names.map((name) => [
          name,
          baseValue(properties[name] ?? {}, scope, options, joinPointer(pointer, name), depth + 1),
        ]),
      );
    }
    case 'array': {
      const count = typeof flat.minItems === 'number' ? flat.minItems : 0;
      return Array.from({ length: count }, (_, index) =>
        baseValue(flat.items as SchemaObject | undefined, scope, options, joinPointer(pointer, index), depth + 1),
      );
    }
    case 'integer':
      return options.integer(pointer, integerRange(flat, scope.version));
    case 'number':
      return sampleValue(flat, { mode: 'minimal', nextInteger: () => 1n });
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return baseString(flat);
  }
}

/** `plantkit`, fitted to the length limits; formats and patterns take the sampler's value. */
function baseString(schema: SchemaObject): string {
  if (typeof schema.format === 'string' || typeof schema.pattern === 'string') {
    const sampled = sampleValue(schema, { mode: 'minimal', nextInteger: () => 1n });
    if (typeof sampled === 'string') return sampled;
  }
  const { min, max } = stringLimits(schema);
  return 'plantkit'.padEnd(min, 'a').slice(0, Number.isFinite(max) ? max : undefined);
}
