/**
 * Ajv errors as data: one SchemaViolation per Ajv error, with the JSON
 * pointer of the offending value and a message that reads on its own.
 */

import { joinPointer } from '../json/json-pointer.js';
import type { ErrorObject } from './ajv.js';

/** One way a value fails its schema. */
export interface SchemaViolation {
  /** JSON pointer into the validated value (`/id`); for a missing property, the property's own pointer. */
  pointer: string;
  /** Pointer of the value the keyword applies to (for `required`, the object missing the property). */
  instancePath: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `format`, `unevaluatedProperties`, ...). */
  keyword: string;
  /** What the schema documents, in words: `must have required property 'name'`. */
  message: string;
  /** Pointer into the schema (Ajv's schemaPath), for debugging a spec. */
  schemaPath: string;
}

/**
 * Map Ajv errors one-to-one. The same failure reached through two allOf
 * branches (both saying `type: object`) is reported once.
 */
export function toViolations(errors: readonly ErrorObject[]): SchemaViolation[] {
  // One error (a refusal's usual case) has no duplicate to drop: no set, no key per error.
  if (errors.length === 1) return [toViolation(errors[0]!)];
  const seen = new Set<string>();
  return errors.map(toViolation).filter((violation) => {
    const key = `${violation.pointer}\u0000${violation.keyword}\u0000${violation.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toViolation(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return violation(
        error,
        joinPointer(error.instancePath, String(params.missingProperty)),
        `must have required property '${String(params.missingProperty)}'`,
      );
    case 'additionalProperties':
      return violation(
        error,
        joinPointer(error.instancePath, String(params.additionalProperty)),
        'must not be present: the schema does not allow additional properties',
      );
    case 'unevaluatedProperties':
      return violation(
        error,
        joinPointer(error.instancePath, String(params.unevaluatedProperty)),
        'is not declared by the schema',
      );
    case 'type':
      return violation(
        error,
        error.instancePath,
        error.message?.startsWith('must be integer (')
          ? error.message
          : `must be ${String(params.type).replace(/,/g, ' or ')}`,
      );
    case 'enum':
      return violation(error, error.instancePath, `must be one of ${JSON.stringify(params.allowedValues)}`);
    case 'const':
      return violation(error, error.instancePath, `must be ${JSON.stringify(params.allowedValue)}`);
    default:
      return violation(error, error.instancePath, error.message ?? `fails ${error.keyword}`);
  }
}

function violation(error: ErrorObject, pointer: string, message: string): SchemaViolation {
  return { pointer, instancePath: error.instancePath, keyword: error.keyword, message, schemaPath: error.schemaPath };
}

/** `body/id must be integer`, `body must have required property 'name'`: a violation as one line. */
export function describeViolation(violation: SchemaViolation, root = 'body'): string {
  const where = violation.keyword === 'required' ? violation.instancePath : violation.pointer;
  return `${root}${where} ${violation.message}`;
}
