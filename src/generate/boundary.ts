/**
 * The boundary phase's values: for every property, each edge value of its
 * type (strings: empty, long, non-ASCII, ...; integers: 0, -1, int32 and
 * int64 bounds, ...) in an otherwise minimal valid body, then each mutation's
 * simplest breaking value. The list depends on the schema only, so every run
 * sends the same edges, before any random case.
 */
import { preview } from '../findings.js';
import { sampleValue } from '../schema/sample-value.js';
import type { SchemaObject } from '../spec/types.js';
import { integerEdges, integerRange, numberEdges } from './integers.js';
import { numberText } from './logical-value.js';
import { applyMutation, type Mutation, type NegativeValue } from './negative.js';
import { allowsExtraProperties } from './objects.js';
import type { SchemaScope } from './schema-facts.js';
import type { Site } from './sites.js';
import { stringEdges, type Edge } from './strings.js';
import { cloneValue, setAtPointer } from './value-paths.js';

/** One boundary case before it becomes a request. */
export interface BoundaryValue {
  /** Unique within the operation: `name/cjk`, `id/above-range`, `body/every-property`. */
  slug: string;
  title: string;
  /** Valid values must be accepted, invalid ones rejected. */
  valid: boolean;
  /** A body when valid, a {@link NegativeValue} when invalid. */
  value: unknown;
  /** The property the edge sets ('' for whole-body edges). */
  pointer: string;
}

/** Builds a fresh base body (fresh unique ids each call). */
export type BaseBody = (mode: 'minimal' | 'full') => unknown;

/** Every boundary value of a body schema, valid ones first. */
export function boundaryValues(root: SchemaObject, scope: SchemaScope, sites: readonly Site[], mutations: readonly Mutation[], base: BaseBody): BoundaryValue[] {
  const values: BoundaryValue[] = [
    { slug: 'body/required-only', title: 'only the required properties', valid: true, value: base('minimal'), pointer: '' },
    { slug: 'body/every-property', title: 'every declared property', valid: true, value: base('full'), pointer: '' },
  ];
  if (allowsExtraProperties(root)) {
    const body = base('full') as Record<string, unknown>;
    if (typeof body === 'object' && body !== null && !('extraField' in body)) values.push({ slug: 'body/extra-property', title: 'an extra undeclared property (the schema allows it)', valid: true, value: { ...body, extraField: 'extra' }, pointer: '' });
  }
  for (const site of sites) {
    for (const edge of siteEdges(site, scope)) {
      const body = withValue(base, site.pointer, edge.value);
      if (body === undefined) continue;
      values.push({ slug: `${label(site)}/${edge.name}`, title: `${label(site)} ${edge.name}: ${show(edge.value)}`, valid: true, value: body, pointer: site.pointer });
    }
  }
  for (const mutation of mutations) {
    let negative: NegativeValue = [base('minimal'), [mutation.key, mutation.edge]];
    // A property of an optional object needs a body that has the object.
    if (applyMutation(negative, mutations) === undefined) negative = [base('full'), [mutation.key, mutation.edge]];
    const shown = mutation.kind === 'missing' ? '' : `: ${show(mutation.kind === 'undeclared-property' ? Object.fromEntries([mutation.edge as [string, unknown]]) : mutation.edge)}`;
    values.push({ slug: `${label(mutation)}/${mutation.kind}`, title: `invalid: ${mutation.describe}${shown}`, valid: false, value: negative, pointer: mutation.pointer });
  }
  return values;
}

/** Edge values of one property, by the types it allows. */
function siteEdges(site: Site, scope: SchemaScope): Edge[] {
  const { schema, types } = site;
  if (Array.isArray(schema.enum)) return schema.enum.map((value, index) => ({ name: `enum-${index}`, value: typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value }));
  const edges: Edge[] = [];
  if (types.includes('string')) edges.push(...stringEdges(schema, () => sampleValue(schema, { mode: 'minimal', nextInteger: () => 1n })));
  if (types.includes('integer')) edges.push(...integerEdges(integerRange(schema, scope.version)));
  else if (types.includes('number')) edges.push(...numberEdges(schema, scope.version));
  if (types.includes('boolean')) edges.push({ name: 'true', value: true }, { name: 'false', value: false });
  if (types.includes('null')) edges.push({ name: 'null', value: null });
  if (types.includes('array') && !(typeof schema.minItems === 'number' && schema.minItems > 0)) edges.push({ name: 'empty-array', value: [] });
  return edges;
}

/** A minimal base body (a full one when the property's parent is optional) with `value` at `pointer`. */
function withValue(base: BaseBody, pointer: string, value: unknown): unknown {
  for (const mode of ['minimal', 'full'] as const) {
    const body = cloneValue(base(mode));
    if (setAtPointer(body, pointer, value)) return body;
  }
  return undefined;
}

function label(site: { pointer: string }): string {
  return site.pointer === '' ? 'body' : site.pointer.slice(1);
}

/** A value as a short title fragment: JSON, exact numbers, long strings by length. */
function show(value: unknown): string {
  const text = numberText(value);
  if (text !== undefined) return text;
  if (typeof value === 'string' && [...value].length > 24) return `${preview(value, 16)} (${[...value].length} characters)`;
  return preview(value, 40);
}
