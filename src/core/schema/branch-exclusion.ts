/**
 * Keeping a value out of the `oneOf` branches it was not made for: where
 * branches overlap (objects whose properties are all optional), a value
 * valid for one of them is valid for the others too, and `oneOf` fails
 * (JSON Schema 2020-12 section 10.2.1.3). An object gets, for each other
 * branch, one property that branch declares (and its own schema does not)
 * with a value of a type that branch does not allow there. The caller's
 * validator still judges the result.
 */
import type { SchemaObject } from '../spec/types.js';
import { jsonType, objectShape, schemaTypes } from './object-shape.js';

/** The branch a value was made for: the properties it declares, and whether it allows no others. */
export interface ChosenBranch {
  declared: Readonly<Record<string, SchemaObject>>;
  closed: boolean;
}

/** The {@link ChosenBranch} of the schemas a value was made for (an outer schema and its branch, say). */
export function chosenBranch(...schemas: SchemaObject[]): ChosenBranch {
  const declared: Record<string, SchemaObject> = {};
  for (const schema of schemas) Object.assign(declared, objectShape(schema).properties);
  const closed = schemas.some(
    (schema) => schema.additionalProperties === false || schema.unevaluatedProperties === false,
  );
  return { declared, closed };
}

/**
 * `value` (an object made for `chosen`) with a property that keeps it out of each branch in `others` it
 * could still match; a branch whose required properties it lacks is out already, and a closed branch
 * takes no extra property.
 */
export function outsideBranches(value: unknown, chosen: ChosenBranch, others: readonly SchemaObject[]): unknown {
  if (chosen.closed || others.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value))
    return value;
  const { declared } = chosen;
  const result: Record<string, unknown> = { ...value };
  for (const other of others) {
    const shape = objectShape(other);
    if (shape.required.some((name) => !(name in result))) continue;
    for (const [name, property] of Object.entries(shape.properties)) {
      const allowed = schemaTypes(property);
      if (name in declared || name in result || allowed.length === 0) continue;
      const spoiler = [() => 'plantkit', () => true, () => 1.5, () => [], () => ({})]
        .map((make) => make())
        .find((candidate) => !allowsType(allowed, candidate));
      if (spoiler === undefined) continue;
      result[name] = spoiler;
      break;
    }
  }
  return result;
}

function allowsType(allowed: readonly string[], value: unknown): boolean {
  const type = jsonType(value);
  return allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
}
