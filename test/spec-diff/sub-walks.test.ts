/**
 * Sub-walks shared between root walks (sub-walks.ts) report what walking
 * afresh does: the same hits, rule by rule and in order, with each root's
 * own path in the names, whether the sub-walk was walked or replayed. The
 * chain below is Stripe's shape: objects that are "an id or the object",
 * referring to each other, met at different paths under several roots, and
 * a `oneOf` that refers back to itself.
 */
import { describe, expect, it } from 'vitest';
import { createEffectiveSchemas } from '../../src/spec-diff/effective-schema.js';
import type { SchemaRoot } from '../../src/spec-diff/pair-walker.js';
import { DIFF_RULES } from '../../src/spec-diff/rules/index.js';
import { pairSchemas, walkPieces } from '../../src/spec-diff/schema-pairs.js';
import { createSubWalks, piecesHits } from '../../src/spec-diff/sub-walks.js';
import type { SchemaPairs } from '../../src/spec-diff/types.js';

const WALK_RULES = DIFF_RULES.filter((rule) => rule.checkPairs !== undefined);

/** `size` linked objects, each with an expandable link back to the first; `bump` raises one bound on the head side. */
function chain(size: number, bump: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let index = 0; index < size; index += 1)
    schemas[`Link${index}`] = {
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: index === 3 ? 10 + bump : 10 },
        count: { type: 'integer', maximum: index === 7 ? 5 + bump : 5 },
        next: index + 1 < size ? { $ref: `#/components/schemas/Link${index + 1}` } : { type: 'null' },
        first: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Link0' }] },
      },
    };
  schemas.Loop = { oneOf: [{ $ref: '#/components/schemas/Loop' }, { $ref: '#/components/schemas/Link0' }] };
  return { components: { schemas } };
}

/**
 * Two objects of 16 properties each: B links to A, A does not link to B, so
 * a walk that met A before B walks less under B than one that did not.
 */
function fork(bump: number): Record<string, unknown> {
  const properties = (prefix: string) =>
    Object.fromEntries(
      Array.from({ length: 16 }, (_, index) => [`${prefix}${index}`, { type: 'string', maxLength: 10 + bump }]),
    );
  return {
    components: {
      schemas: {
        A: { type: 'object', properties: properties('a') },
        B: { type: 'object', properties: { ...properties('b'), a: { $ref: '#/components/schemas/A' } } },
      },
    },
  };
}

/**
 * B: 16 properties and `x`, a $ref to X. A walk meets `items` before
 * `additionalProperties`, a build the other way round (schema-keywords.ts),
 * so a root `{additionalProperties: B, items: X}` builds (or adopts) B with
 * X inside it first, and then walks X before B: the walk has met a pair of
 * B's sub-walk before entering B, though the build met none of B's nodes
 * before B. Only the walk's own checks can tell.
 */
function walkedOutOfOrder(bump: number): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: 16 }, (_, index) => [`p${index}`, { type: 'string', maxLength: 10 + bump }]),
  );
  return {
    components: {
      schemas: {
        X: { type: 'string', maxLength: 20 + bump },
        B: { type: 'object', properties: { ...properties, x: { $ref: '#/components/schemas/X' } } },
      },
    },
  };
}

const OUT_OF_ORDER = {
  additionalProperties: { $ref: '#/components/schemas/B' },
  items: { $ref: '#/components/schemas/X' },
};
const ITEMS_B = { type: 'array', items: { $ref: '#/components/schemas/B' } };

const under = (name: string, wrap: string) => ({
  type: 'object',
  properties: { [wrap]: { $ref: `#/components/schemas/${name}` } },
});

describe('sub-walks: replayed or walked, the same hits', () => {
  const cases: Array<[string, Array<[string, unknown]>]> = [
    [
      'one chain under three roots, at three paths',
      [
        ['GET /a', under('Link0', 'item')],
        ['GET /b', under('Link0', 'other')],
        ['GET /c', { type: 'array', items: under('Link0', 'item') }],
      ],
    ],
    [
      'a self-referring oneOf around the chain',
      [
        ['GET /a', under('Loop', 'loop')],
        ['GET /b', under('Loop', 'loop')],
        ['GET /c', under('Link0', 'item')],
      ],
    ],
  ];

  const forks: Array<[string, Array<[string, unknown]>]> = [
    [
      'a sub-walk that met a pair walked before it is not kept',
      [
        [
          'GET /a',
          {
            type: 'object',
            properties: { x: { $ref: '#/components/schemas/A' }, y: { $ref: '#/components/schemas/B' } },
          },
        ],
        ['GET /b', under('B', 'y')],
      ],
    ],
    [
      'a kept sub-walk is not replayed into a walk that met one of its pairs',
      [
        ['GET /b', under('B', 'y')],
        [
          'GET /a',
          {
            type: 'object',
            properties: { x: { $ref: '#/components/schemas/A' }, y: { $ref: '#/components/schemas/B' } },
          },
        ],
      ],
    ],
  ];

  // B is met at `<additionalProperties>` and at `[]`: both read `at '...'`, so a sub-walk kept at one is found at the other.
  const outOfOrder: Array<[string, Array<[string, unknown]>]> = [
    [
      'a sub-walk that met a pair the walk met before it is not kept, though the build met none (closure check)',
      [
        ['GET /r', OUT_OF_ORDER],
        ['GET /b', ITEMS_B],
        ['GET /c', ITEMS_B],
      ],
    ],
    [
      'a kept sub-walk is not replayed into a walk that met one of its pairs before it (nothing-met-yet check)',
      [
        ['GET /b', ITEMS_B],
        ['GET /r', OUT_OF_ORDER],
        ['GET /c', ITEMS_B],
      ],
    ],
  ];

  it.each([
    ...cases.map(([name, roots]) => [name, roots, [chain(12, 0), chain(12, 7)]] as const),
    ...forks.map(([name, roots]) => [name, roots, [fork(0), fork(5)]] as const),
    ...outOfOrder.map(([name, roots]) => [name, roots, [walkedOutOfOrder(0), walkedOutOfOrder(5)]] as const),
  ])('%s', (_name, roots, [base, head]) => {
    const shared = { base: createEffectiveSchemas(base, '3.1'), head: createEffectiveSchemas(head, '3.1') };
    const fresh = {
      base: createEffectiveSchemas(base, '3.1', false),
      head: createEffectiveSchemas(head, '3.1', false),
    };
    const subWalks = createSubWalks(WALK_RULES);
    let replayed = 0;
    for (const [operation, schema] of roots) {
      const root: SchemaRoot = { operation, direction: 'response', name: 'response 200', textual: false };
      const pieces = walkPieces(root, shared.base(schema, '/b'), shared.head(schema, '/h'), subWalks);
      replayed += pieces.filter((piece) => 'replayed' in piece).length;
      const pairs: SchemaPairs = { schemas: [], properties: [], variants: [] };
      pairSchemas(pairs, root, fresh.base(schema, '/b'), fresh.head(schema, '/h'));
      const want = WALK_RULES.map((rule) => rule.checkPairs!(pairs));
      expect(WALK_RULES.map((rule, index) => piecesHits(pieces, rule, index))).toEqual(want);
      expect(want.flat().length).toBeGreaterThan(0);
    }
    // The later roots replayed what the first recorded.
    expect(replayed).toBeGreaterThan(0);
  });
});

describe('sub-walks: bound', () => {
  it('keeps nothing beyond its limit, and nothing too small', () => {
    const [b, h] = [
      createEffectiveSchemas(chain(2, 0), '3.1')({}, '/b'),
      createEffectiveSchemas(chain(2, 0), '3.1')({}, '/h'),
    ];
    const kept = (pairs: number) => ({
      pairs: Array.from({ length: pairs }, () => [b, h] as const),
      keys: [],
      span: 1,
      path: 'item',
      operation: 'GET /a',
      rootName: 'response 200',
      hits: [],
    });
    const subWalks = createSubWalks([], 20);
    subWalks.offer(b, h, 'response', false, true, kept(15));
    expect(subWalks.get(b, h, 'response', false, true, 'item')).toBeUndefined();
    subWalks.offer(b, h, 'response', false, true, kept(16));
    expect(subWalks.get(b, h, 'response', false, true, 'other')).toBeDefined();
    // Another path read the other way (`at '[]...`) is another kind of name: not this entry.
    expect(subWalks.get(b, h, 'response', false, true, '[]')).toBeUndefined();
    expect(subWalks.get(b, h, 'request', false, true, 'item')).toBeUndefined();
    subWalks.offer(b, b, 'response', false, true, kept(16));
    expect(subWalks.get(b, b, 'response', false, true, 'item')).toBeUndefined();
  });
});
