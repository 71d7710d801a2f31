/**
 * The items the stateful mock stores, always valid for every response that
 * serves them (create, read, update): a created item is a valid item of the
 * schema (readOnly fields filled in: an id, a timestamp) with what the client
 * wrote copied in where the item declares it and accepts the value; PUT
 * replaces what the client may write and keeps the rest (RFC 9110 section
 * 9.3.4); PATCH merges (RFC 7396 for application/merge-patch+json, a
 * property-by-property merge for plain JSON). Values are copied with their
 * exact number text (int64 ids stay exact).
 */

import type { SchemaScope } from '../../core/generate/schema-facts.js';
import { validValue } from '../../core/generate/valid-value.js';
import { cloneJson, exactNumberText, setExactNumber } from '../../core/json/exact-json.js';
import { isRecord, type ObjectShape } from '../../core/schema/object-shape.js';
import { sampleValue } from '../../core/schema/sample-value.js';
import type { SchemaObject } from '../../core/spec/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';
import { describeViolation } from '../../core/validation/violations.js';

/** What building an item needs. */
export interface ItemRules {
  /** The item schema (the read's response, else the create's), and its shape. */
  schema: SchemaObject;
  shape: ObjectShape;
  idField: string;
  /** Validators of every response that serves the item; a stored item passes them all. */
  validators: readonly BodyValidator[];
  /** A validator of one property's schema (is the client's value acceptable there?). */
  accepts: (schema: SchemaObject, value: unknown) => boolean;
  scope: SchemaScope;
  seed: number;
}

/** An item, or why none valid could be made. */
export type Built = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/**
 * A valid item of the schema to start a new one from (its readOnly fields
 * are what a new item gets), made once per schema object: the schema's
 * sample, readOnly fields included (`createdAt: 2024-05-01T12:00:00Z`), else
 * a generated valid item.
 */
const bases = new WeakMap<SchemaObject, Built>();

function baseItem(rules: ItemRules): Built {
  const cached = bases.get(rules.schema);
  if (cached) return cached;
  const primary = rules.validators[0] ?? (() => []);
  const sampled = sampledItem(rules);
  const made =
    primary(sampled).length === 0
      ? { ok: true as const, value: sampled }
      : validValue(rules.schema, primary, { ...rules.scope, direction: 'response' }, rules.seed);
  const base: Built =
    made.ok && isRecord(made.value)
      ? { ok: true, value: made.value }
      : { ok: false, reason: made.ok ? 'the item schema is not an object' : made.reason };
  bases.set(rules.schema, base);
  return base;
}

/** The schema's full sample plus the readOnly properties a sample leaves out (requests never carry them). */
function sampledItem(rules: ItemRules): unknown {
  let next = 1n;
  const options = { mode: 'full' as const, nextInteger: () => next++ };
  const value = sampleValue(rules.schema, options);
  if (!isRecord(value)) return value;
  for (const [name, property] of Object.entries(rules.shape.properties)) {
    if (name in value) continue;
    const sampled = sampleValue(property, options);
    if (typeof sampled === 'bigint') setExactNumber(value, name, sampled.toString());
    else value[name] = sampled;
  }
  return value;
}

/** A new item holding the id found in `idFrom` (under the id field: the body, or a generated id) and what `body` writes, in the schema's property order. */
export function createdItem(body: unknown, idFrom: Record<string, unknown>, rules: ItemRules): Built {
  const base = baseItem(rules);
  if (!base.ok) return base;
  const { shape, idField } = rules;
  const item: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(shape.properties)) {
    if (name === idField) copy(idFrom, idField, item);
    else if (isRecord(body) && name in body && property.readOnly !== true && rules.accepts(property, body[name]))
      copy(body, name, item);
    // Optional properties the client did not write are left out, as a server that stores what it got would.
    else if (name in base.value && (shape.required.includes(name) || property.readOnly === true))
      copy(base.value, name, item);
  }
  const written = checked(item, rules);
  if (written.ok) return written;
  const plain = cloneJson(base.value);
  copy(idFrom, idField, plain);
  return checked(plain, rules).ok ? { ok: true, value: plain } : written;
}

/** `existing` with every property the client may write replaced by `body`'s (absent optional ones removed). */
export function replacedItem(existing: Record<string, unknown>, body: unknown, rules: ItemRules): Built {
  const { shape } = rules;
  const item = cloneJson(existing);
  for (const [name, property] of Object.entries(shape.properties)) {
    if (property.readOnly === true || name === rules.idField) continue;
    if (!(isRecord(body) && name in body) && !shape.required.includes(name)) delete item[name];
  }
  writeInto(item, body, rules);
  return checked(item, rules);
}

/**
 * `existing` with `patch` merged in; `mergePatch` follows RFC 7396 (null
 * removes a member, objects merge deeply). Values the item's property
 * refuses are left as they were, and so is the item when the patch is no
 * object.
 */
export function mergedItem(
  existing: Record<string, unknown>,
  patch: unknown,
  mergePatch: boolean,
  rules: ItemRules,
): Built {
  // A patch that is no object but passed the request's schema (GitHub's gist update allows `null`) names no member
  // to change: the item stays as it was, as such a server answers.
  if (!isRecord(patch)) return checked(cloneJson(existing), rules);
  const { shape } = rules;
  const item = cloneJson(existing);
  for (const name of Object.keys(patch)) {
    const property = shape.properties[name];
    if (!property || property.readOnly === true || name === rules.idField) continue;
    const value = patch[name];
    // As a create and a PUT do, a value the item's property refuses is not stored (Adyen patches
    // `allowedOrigins` as strings and answers them as objects): a valid answer could not carry it.
    if (mergePatch && value === null) delete item[name];
    else if (mergePatch && isRecord(value) && isRecord(item[name])) {
      const merged = mergeObjects(item[name] as Record<string, unknown>, value);
      if (rules.accepts(property, merged)) item[name] = merged;
    } else if (rules.accepts(property, value)) copy(patch, name, item);
  }
  return checked(item, rules);
}

/** Copy the properties of `body` that the item declares, the client may write, and the property's schema accepts. */
function writeInto(item: Record<string, unknown>, body: unknown, rules: ItemRules): void {
  if (!isRecord(body)) return;
  const { shape } = rules;
  for (const [name, property] of Object.entries(shape.properties)) {
    if (!(name in body) || property.readOnly === true || name === rules.idField) continue;
    if (rules.accepts(property, body[name])) copy(body, name, item);
  }
}

/** RFC 7396 section 2 MergePatch on two objects. */
function mergeObjects(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const result = cloneJson(target);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else if (isRecord(value) && isRecord(result[name]))
      result[name] = mergeObjects(result[name] as Record<string, unknown>, value);
    else copy(patch, name, result);
  }
  return result;
}

function copy(from: Record<string, unknown>, name: string, to: Record<string, unknown>): void {
  const exact = exactNumberText(from, name);
  if (exact !== undefined) setExactNumber(to, name, exact);
  else to[name] = cloneJson(from[name]);
}

function checked(item: Record<string, unknown>, rules: ItemRules): Built {
  for (const validate of rules.validators) {
    const [violation] = validate(item);
    if (violation) return { ok: false, reason: describeViolation(violation) };
  }
  return { ok: true, value: item };
}
