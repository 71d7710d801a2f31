/**
 * Answers that wrap what the stateful mock stores: a list's wrapper
 * (`{data: [...], total}`) and an item's envelope (`{certificate: {...},
 * action: {...}}`, core/resources/item-wrapper.ts). The rest of the wrapper is a
 * valid value of the answer's schema, made once per schema object
 * (generating one costs more than a request); the caller sets the member
 * that holds the items or the item, and respond() checks the whole body.
 */
import type { SchemaScope } from '../../core/generate/schema-facts.js';
import { validValue } from '../../core/generate/valid-value.js';
import { cloneJson } from '../../core/json/exact-json.js';
import { isRecord } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';

/** A valid wrapper object to set a member in, or why none could be made. */
export type Envelope = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** Bounded by the spec: one entry per answer schema object (a fallback key per operation when it has none). */
const envelopes = new WeakMap<object, Envelope>();

/** A fresh copy of a valid object of `schema` (made once per `key`), to set the wrapped member in. */
export function envelopeOf(
  key: object,
  schema: SchemaObject | undefined,
  validate: BodyValidator,
  scope: SchemaScope,
  seed: number,
): Envelope {
  let base = envelopes.get(key);
  if (!base) {
    const made = validValue(schema, validate, { ...scope, direction: 'response' }, seed);
    base =
      made.ok && isRecord(made.value)
        ? { ok: true, value: made.value }
        : { ok: false, reason: made.ok ? 'the answer schema is not an object' : made.reason };
    envelopes.set(key, base);
  }
  return base.ok ? { ok: true, value: cloneJson(base.value) } : base;
}
