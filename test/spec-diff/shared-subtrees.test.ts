/**
 * Shared subtrees (shared-subtrees.ts) change no effective schema: every
 * root of every fixture spec, built in comparison order by one builder
 * that shares subtrees behind circular `$ref`s and by one that builds each
 * root afresh, gives the same graph (every field, every pointer, the same
 * nodes met twice). A subgraph reached from two roots and a `oneOf` that
 * refers back to itself are built both ways too, and the shared one is
 * really adopted (the same node objects under both roots).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiVersion } from '../../src/core/spec/types.js';
import { createEffectiveSchemas } from '../../src/spec-diff/effective-schema.js';
import { createSharedSubtrees } from '../../src/spec-diff/shared-subtrees.js';
import { dereferenced, dump, fixtureSpecs, fixtures, roots } from '../support/effective-graphs.js';

/** Each root built by a sharing builder and by one that builds afresh: the dumps side by side. */
function bothWays(document: Record<string, unknown>, version: OpenApiVersion) {
  const [shared, fresh] = [createEffectiveSchemas(document, version), createEffectiveSchemas(document, version, false)];
  return roots(document).map(([schema, at]) => ({ shared: dump(shared(schema, at)), fresh: dump(fresh(schema, at)) }));
}

describe('shared subtrees: A/B over every fixture spec', async () => {
  const files = await fixtureSpecs();

  it('finds the fixture specs', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it.each(files)('%s: every root is the same graph, shared or built afresh', async (file) => {
    const spec = await dereferenced(path.join(fixtures, file)).catch(() => undefined);
    if (!spec) return; // Bad-input fixtures: the diff stops before building anything.
    for (const { shared, fresh } of bothWays(spec.document, spec.version)) expect(shared).toEqual(fresh);
  });
});

/** A chain of `size` objects behind a circular `$ref`, each pointing back to the head of the chain. */
function chain(size: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let index = 0; index < size; index += 1)
    schemas[`Link${index}`] = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', maxLength: index + 1 },
        next: index + 1 < size ? { $ref: `#/components/schemas/Link${index + 1}` } : { type: 'null' },
        // "An id or the expanded object", as Stripe writes its expandable fields.
        head: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Link0' }] },
      },
    };
  // A oneOf that refers back to itself (issue 19, "Bad input").
  schemas.Loop = { oneOf: [{ $ref: '#/components/schemas/Loop' }, { $ref: '#/components/schemas/Link0' }] };
  return schemas;
}

describe('shared subtrees: a subgraph reached from two roots', () => {
  const schemas = chain(12);
  const document = { components: { schemas } };
  const viaRef = (name: string) => ({ type: 'object', properties: { item: { $ref: `#/components/schemas/${name}` } } });
  const cases: Array<[string, unknown[]]> = [
    ['the same chain under two roots', [viaRef('Link0'), viaRef('Link0')]],
    ['a self-referring oneOf, then the chain', [viaRef('Loop'), viaRef('Link0')]],
    ['the chain entered in the middle, then at its head', [viaRef('Link5'), viaRef('Link0'), viaRef('Link5')]],
    ['a root that met the chain first by identity', [schemas.Link3, viaRef('Link0'), viaRef('Link3')]],
  ];

  it.each(cases)('%s: the same graphs as built afresh', (_name, rootSchemas) => {
    const [shared, fresh] = [createEffectiveSchemas(document, '3.1'), createEffectiveSchemas(document, '3.1', false)];
    rootSchemas.forEach((schema, index) => {
      expect(dump(shared(schema, `/root${index}`))).toEqual(dump(fresh(schema, `/root${index}`)));
    });
  });

  it('adopts the nodes behind the circular $ref instead of building them again', () => {
    const build = createEffectiveSchemas(document, '3.1');
    const [first, second] = [build(viaRef('Link0'), '/a'), build(viaRef('Link0'), '/b')];
    expect(first).not.toBe(second);
    expect(first.properties.get('item')!.pointer).toBe('/components/schemas/Link0');
    expect(first.properties.get('item')).toBe(second.properties.get('item'));
    const fresh = createEffectiveSchemas(document, '3.1', false);
    expect(fresh(viaRef('Link0'), '/a').properties.get('item')).not.toBe(
      fresh(viaRef('Link0'), '/b').properties.get('item'),
    );
  });

  it('builds afresh a subtree whose Schema Objects the root has met already', () => {
    const build = createEffectiveSchemas(document, '3.1');
    const kept = build(viaRef('Link0'), '/a').properties.get('item');
    // Link3 first met by identity (its pointer under the root): the chain behind Link0 is not the kept one.
    const root = build({ allOf: [schemas.Link3, viaRef('Link0')] }, '/c');
    expect(root.properties.get('item')).not.toBe(kept);
  });
});

describe('shared subtrees: bound', () => {
  const nodes = (count: number) => Array.from({ length: count }, (_, index) => ({ raw: { index }, node: index }));

  it.each<[string, { limit: number; offers: number[]; want: boolean[] }]>([
    ['within the limit: kept', { limit: 100, offers: [8, 20], want: [true, true] }],
    [
      'beyond the limit: not kept, the earlier ones stay',
      { limit: 30, offers: [20, 20, 10], want: [true, false, true] },
    ],
    ['too small to be worth it: not kept', { limit: 100, offers: [7], want: [false] }],
  ])('%s', (_name, { limit, offers, want }) => {
    const shared = createSharedSubtrees<number>(limit);
    const raws = offers.map((count) => {
      const offered = nodes(count);
      shared.offer(offered[0]!.raw, '/p', offered, 1);
      return offered[0]!.raw;
    });
    expect(raws.map((raw) => shared.get(raw, '/p') !== undefined)).toEqual(want);
    expect(shared.get(raws[0]!, '/other')).toBeUndefined();
  });
});
