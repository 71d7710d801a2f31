/**
 * Reading and changing generated values by JSON pointer (RFC 6901). Values
 * hold bigints and ExactText, which structuredClone would not keep as they
 * are, hence a copy of our own.
 */

import { decodePointer, encodePointer, valueAt } from '../json/json-pointer.js';
import { isRecord } from '../schema/object-shape.js';

/** Deep copy of plain objects and arrays; other values (bigint, ExactText, strings) are shared. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (isRecord(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, cloneValue(child)])) as T;
  }
  return value;
}

/** Set (or, for undefined, remove) the property at `pointer` in place; false when its parent object is absent. */
export function setAtPointer(root: unknown, pointer: string, value: unknown): boolean {
  const tokens = decodePointer(pointer);
  const name = tokens.pop();
  const parent = valueAt(root, encodePointer(tokens));
  if (name === undefined || !isRecord(parent)) return false;
  if (value === undefined) {
    if (!(name in parent)) return false;
    delete parent[name];
  } else {
    parent[name] = value;
  }
  return true;
}

/** Add `name: value` to the object at `pointer` in place; false when there is no object there. */
export function addProperty(root: unknown, pointer: string, name: string, value: unknown): boolean {
  const target = valueAt(root, pointer);
  if (!isRecord(target) || name in target) return false;
  target[name] = value;
  return true;
}
