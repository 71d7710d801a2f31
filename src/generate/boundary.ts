/**
 * The boundary phase's values: for every property, each edge value of its
 * type (strings: empty, long, non-ASCII, ...; integers: 0, -1, int32 and
 * int64 bounds, ...) in an otherwise minimal valid body, then each mutation's
 * simplest breaking value. The list depends on the schema only, so every run
 * sends the same edges, before any random case.
 */
import { preview } from '../findings.js';
import { sampleValue } from '../schema/sample-value.js';
import { integerEdges, integerRange, numberEdges } from './integers.js';
import { numberText } from './logical-value.js';
import { applyMutation, type Mutation, type NegativeValue } from './negative.js';
import type { SchemaScope } from './schema-facts.js';
import type { Site } from './sites.js';
import { stringEdges, type Edge } from './strings.js';
import { addProperty, cloneValue, setAtPointer } from './value-paths.js';

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

/** The whole-value edges: their slug prefix and titles, and where an extra undeclared property may go. */
export interface WholeValue {
  /** Slug prefix: `body` (`body/required-only`), `request` for a request without a body. */
  label: string;
  /** Titles of the minimal and the full value. */
  minimal: string;
  full: string;
  /** Pointer of the object that accepts an undeclared property (the body, when its schema allows one); undefined for none. */
  extraAt: string | undefined;
}

/** Every boundary value of a body (or request) value, valid ones first. Slugs are made unique. */
export function boundaryValues(whole: WholeValue, scope: SchemaScope, sites: readonly Site[], mutations: readonly Mutation[], base: BaseBody): BoundaryValue[] {
  const values: BoundaryValue[] = [
    { slug: `${whole.label}/required-only`, title: whole.minimal, valid: true, value: base('minimal'), pointer: '' },
    { slug: `${whole.label}/every-property`, title: whole.full, valid: true, value: base('full'), pointer: '' },
  ];
  if (whole.extraAt !== undefined) {
    const body = base('full');
    if (addProperty(body, whole.extraAt, 'extraField', 'extra')) values.push({ slug: `${whole.label}/extra-property`, title: 'an extra undeclared property (the schema allows it)', valid: true, value: body, pointer: whole.extraAt });
  }
  for (const site of sites) {
    for (const edge of siteEdges(site, scope)) {
      const body = withValue(base, site.pointer, edge.value);
      if (body === undefined) continue;
      values.push({ slug: `${site.label}/${edge.name}`, title: `${site.noun} ${edge.name}: ${show(edge.value)}`, valid: true, value: body, pointer: site.pointer });
    }
  }
  for (const mutation of mutations) {
    let negative: NegativeValue = [base('minimal'), [mutation.key, mutation.edge]];
    // A property of an optional object needs a body that has the object.
    if (applyMutation(negative, mutations) === undefined) negative = [base('full'), [mutation.key, mutation.edge]];
    const shown = mutation.kind === 'missing' ? '' : `: ${show(mutation.kind === 'undeclared-property' ? Object.fromEntries([mutation.edge as [string, unknown]]) : mutation.edge)}`;
    values.push({ slug: `${mutation.label}/${mutation.kind}`, title: `invalid: ${mutation.describe}${shown}`, valid: false, value: negative, pointer: mutation.pointer });
  }
  return uniqueSlugs(values);
}

/** Edge values of one property, by the types it allows. */
function siteEdges(site: Site, scope: SchemaScope): Edge[] {
  const { schema, types } = site;
  if (Array.isArray(schema.enum)) return schema.enum.map((value, index) => ({ name: `enum-${index}`, value: typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value }));
  const edges: Edge[] = [];
  if (types.includes('string')) edges.push(...stringEdges(schema, () => sampleValue(schema, { mode: 'minimal', nextInteger: () => 1n }), site.charset));
  if (types.includes('integer')) edges.push(...integerEdges(integerRange(schema, scope.version)));
  else if (types.includes('number')) edges.push(...numberEdges(schema, scope.version));
  if (types.includes('boolean')) edges.push({ name: 'true', value: true }, { name: 'false', value: false });
  if (types.includes('null')) edges.push({ name: 'null', value: null });
  if (types.includes('array') && !(typeof schema.minItems === 'number' && schema.minItems > 0)) edges.push({ name: 'empty-array', value: [] });
  return edges;
}

/** Slugs are case ids: a second `x` (a body property and a parameter of the same label) becomes `x-2`. */
function uniqueSlugs(values: BoundaryValue[]): BoundaryValue[] {
  const seen = new Map<string, number>();
  return values.map((value) => {
    const count = (seen.get(value.slug) ?? 0) + 1;
    seen.set(value.slug, count);
    return count === 1 ? value : { ...value, slug: `${value.slug}-${count}` };
  });
}

/** A minimal base body (a full one when the property's parent is optional) with `value` at `pointer`. */
function withValue(base: BaseBody, pointer: string, value: unknown): unknown {
  for (const mode of ['minimal', 'full'] as const) {
    const body = cloneValue(base(mode));
    if (setAtPointer(body, pointer, value)) return body;
  }
  return undefined;
}

/** A value as a short title fragment: JSON, exact numbers, long strings by length. */
function show(value: unknown): string {
  const text = numberText(value);
  if (text !== undefined) return text;
  if (typeof value === 'string' && [...value].length > 24) return `${preview(value, 16)} (${[...value].length} characters)`;
  return preview(value, 40);
}
