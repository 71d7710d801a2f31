/**
 * The boundary phase's values: for every property, each edge value of its
 * type (strings: empty, long, non-ASCII, ...; integers: 0, -1, int32 and
 * int64 bounds, ...) in an otherwise minimal valid body, then each mutation's
 * simplest breaking value. The list depends on the schema only, so every run
 * sends the same edges, before any random case. Each edge builds its value
 * when asked (`build`): a spec of 1,000 operations lists hundreds of
 * thousands of them, and a value kept until its case is sent would be
 * memory held for nothing.
 */
import { preview } from '../findings.js';
import { sampleValue } from '../schema/sample-value.js';
import { integerEdges, integerRange, numberEdges } from './integers.js';
import { numberText } from './logical-value.js';
import { applyMutation, type Mutation, type NegativeValue } from './negative.js';
import type { SchemaScope } from './schema-facts.js';
import type { Site } from './sites.js';
import { type Edge, stringEdges } from './strings.js';
import { addProperty, cloneValue, setAtPointer } from './value-paths.js';

/** One boundary case before it becomes a request. */
export interface BoundaryValue {
  /** Unique within the operation: `name/cjk`, `id/above-range`, `body/every-property`. */
  slug: string;
  title: string;
  /** Valid values must be accepted, invalid ones rejected. */
  valid: boolean;
  /** The value: a body when valid, a {@link NegativeValue} when invalid; a fresh base (fresh unique ids) each call. */
  build(): unknown;
  /** The property the edge sets ('' for whole-body edges). */
  pointer: string;
  /** The value a valid property edge sets at `pointer`; undefined for whole-value edges and broken ones. */
  edge?: unknown;
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
export function boundaryValues(
  whole: WholeValue,
  scope: SchemaScope,
  sites: readonly Site[],
  mutations: readonly Mutation[],
  base: BaseBody,
): BoundaryValue[] {
  // One base of each kind says which holds a property's parent (an optional object is in the full one only).
  const probes = { minimal: base('minimal'), full: base('full') };
  const modeFor = (change: (body: unknown) => boolean) =>
    (['minimal', 'full'] as const).find((mode) => change(cloneValue(probes[mode])));
  const values: BoundaryValue[] = [
    {
      slug: `${whole.label}/required-only`,
      title: whole.minimal,
      valid: true,
      build: () => base('minimal'),
      pointer: '',
    },
    { slug: `${whole.label}/every-property`, title: whole.full, valid: true, build: () => base('full'), pointer: '' },
  ];
  const { extraAt } = whole;
  if (extraAt !== undefined && addProperty(cloneValue(probes.full), extraAt, 'extraField', 'extra')) {
    values.push({
      slug: `${whole.label}/extra-property`,
      title: 'an extra undeclared property (the schema allows it)',
      valid: true,
      build: () => withProperty(base('full'), extraAt),
      pointer: extraAt,
    });
  }
  for (const site of sites) {
    const mode = modeFor((body) => setAtPointer(body, site.pointer, null));
    if (!mode) continue;
    for (const edge of siteEdges(site, scope)) {
      values.push({
        slug: `${site.label}/${edge.name}`,
        title: `${site.noun} ${edge.name}: ${show(edge.value)}`,
        valid: true,
        build: () => withValue(base(mode), site.pointer, edge.value),
        pointer: site.pointer,
        edge: edge.value,
      });
    }
  }
  for (const mutation of mutations) {
    // A property of an optional object needs a body that has the object.
    const mode =
      modeFor((body) => applyMutation([body, [mutation.key, mutation.edge]], mutations) !== undefined) ?? 'full';
    const shown =
      mutation.kind === 'missing'
        ? ''
        : `: ${show(mutation.kind === 'undeclared-property' ? Object.fromEntries([mutation.edge as [string, unknown]]) : mutation.edge)}`;
    values.push({
      slug: `${mutation.label}/${mutation.kind}`,
      title: `invalid: ${mutation.describe}${shown}`,
      valid: false,
      build: (): NegativeValue => [base(mode), [mutation.key, mutation.edge]],
      pointer: mutation.pointer,
    });
  }
  return uniqueSlugs(values);
}

/** Edge values of one property, by the types it allows. */
function siteEdges(site: Site, scope: SchemaScope): Edge[] {
  const { schema, types } = site;
  if (Array.isArray(schema.enum))
    return schema.enum.map((value, index) => ({
      name: `enum-${index}`,
      value: typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value,
    }));
  const edges: Edge[] = [];
  if (types.includes('string'))
    edges.push(
      ...stringEdges(schema, () => sampleValue(schema, { mode: 'minimal', nextInteger: () => 1n }), site.charset),
    );
  if (types.includes('integer')) edges.push(...integerEdges(integerRange(schema, scope.version)));
  else if (types.includes('number')) edges.push(...numberEdges(schema, scope.version));
  if (types.includes('boolean')) edges.push({ name: 'true', value: true }, { name: 'false', value: false });
  if (types.includes('null')) edges.push({ name: 'null', value: null });
  if (types.includes('array') && !(typeof schema.minItems === 'number' && schema.minItems > 0))
    edges.push({ name: 'empty-array', value: [] });
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

/** `body` with `value` at `pointer` (its parent is known to be there). */
function withValue(body: unknown, pointer: string, value: unknown): unknown {
  setAtPointer(body, pointer, value);
  return body;
}

/** `body` with an undeclared property added to the object at `pointer`. */
function withProperty(body: unknown, pointer: string): unknown {
  addProperty(body, pointer, 'extraField', 'extra');
  return body;
}

/** A value as a short title fragment: JSON, exact numbers, long strings by length. */
function show(value: unknown): string {
  const text = numberText(value);
  if (text !== undefined) return text;
  if (typeof value === 'string' && [...value].length > 24)
    return `${preview(value, 16)} (${[...value].length} characters)`;
  return preview(value, 40);
}
