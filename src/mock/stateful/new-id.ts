/**
 * Ids the stateful mock makes for created items: valid for the id field's
 * own schema and unique in the collection. Integers count up from the
 * schema's minimum (1 by default), so a walk-through reads 1, 2, 3; uuids are
 * random (RFC 9562 version 4); other strings are the serial number as text
 * when the schema allows it, else a generated valid string. An id travels
 * in the item's path too: a string id takes the path parameter's own string
 * constraints (DigitalOcean's item `id` is a plain string, its
 * `{firewall_id}` a uuid), so the item can be read where it was created.
 */
import { randomUUID } from 'node:crypto';
import type { SchemaScope } from '../../core/generate/schema-facts.js';
import { validValue } from '../../core/generate/valid-value.js';
import { schemaTypes } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';

/** What making an id needs. */
export interface IdSource {
  schema: SchemaObject | undefined;
  validate: BodyValidator;
  /** True when an item already has this key. */
  taken: (key: string) => boolean;
  /** The next serial number of the collection (0, 1, 2, ...). */
  serial: () => number;
  scope: SchemaScope;
}

/** String constraints a path parameter puts on the id it carries (JSON Schema 2020-12 validation sections 6.3, 7). */
const PATH_CONSTRAINTS = ['format', 'pattern', 'minLength', 'maxLength'] as const;

/**
 * The schema new ids are made from: the id property's, plus the string constraints of the path parameter that
 * carries it where both are strings and the property does not set them itself.
 */
export function idSchemaFor(
  property: SchemaObject | undefined,
  parameter: SchemaObject | undefined,
): SchemaObject | undefined {
  const stringy = (schema: SchemaObject | undefined) => {
    const types = schemaTypes(schema).filter((type) => type !== 'null');
    return types.length === 0 || types.every((type) => type === 'string');
  };
  if (!property || !parameter || !stringy(property) || !schemaTypes(parameter).includes('string')) return property;
  const added = PATH_CONSTRAINTS.filter((name) => parameter[name] !== undefined && property[name] === undefined);
  if (added.length === 0) return property;
  return { ...Object.fromEntries(added.map((name) => [name, parameter[name]])), ...property };
}

/** Serial numbers tried before falling back to generated values. */
const ATTEMPTS = 64;

/** A new unique id, or why none could be made. */
export function newId(source: IdSource): { ok: true; value: string | number } | { ok: false; reason: string } {
  const types = schemaTypes(source.schema);
  const fits = (value: string | number) => !source.taken(String(value)) && source.validate(value).length === 0;
  const numeric = types.includes('integer') || types.includes('number');
  const start =
    numeric && typeof source.schema?.minimum === 'number' ? Math.max(1, Math.ceil(source.schema.minimum)) : 1;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const serial = start + source.serial();
    const candidate = numeric ? serial : source.schema?.format === 'uuid' ? randomUUID() : String(serial);
    if (fits(candidate)) return { ok: true, value: candidate };
  }
  for (let seed = 0; seed < ATTEMPTS; seed += 1) {
    const generated = validValue(source.schema, source.validate, source.scope, source.serial() + seed, {
      preferSample: false,
    });
    if (!generated.ok) return generated;
    const value = generated.value;
    if ((typeof value === 'string' || typeof value === 'number') && fits(value)) return { ok: true, value };
  }
  return { ok: false, reason: `no unused value of the id schema was found in ${ATTEMPTS} attempts` };
}
