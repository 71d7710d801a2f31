/** --shard i/n: the form, the grouping by collection, and an assignment that depends on its inputs alone. */
import { describe, expect, test } from 'vitest';
import { assignShards, createShardSelector, parseShard, shardGroupOf } from '../../src/contract/shard.js';

describe('parseShard', () => {
  test.each([
    ['1/4', { index: 1, count: 4 }],
    ['4/4', { index: 4, count: 4 }],
    [' 2 / 3 ', { index: 2, count: 3 }],
    ['1/1', { index: 1, count: 1 }],
  ])('%s', (given, want) => expect(parseShard(given)).toEqual(want));

  test.each(['0/4', '5/4', 'a/b', '4', '1/0', '-1/4', '1.5/4', '', '1/4/2'])(
    '%s is refused, naming the form',
    (given) =>
      expect(() => parseShard(given)).toThrow(`--shard ${given} is not a shard: write it as i/n with 1 ≤ i ≤ n`),
  );
});

describe('shardGroupOf', () => {
  test.each([
    ['/plants', '/plants'],
    ['/plants/{id}', '/plants'],
    ['/repos/{owner}/{repo}', '/repos'],
    ['/repos/{owner}/{repo}/issues/{number}', '/repos/{owner}/{repo}/issues'],
    ['/plants/{id}/photos', '/plants/{id}/photos'],
    ['/{tenant}', '/'],
    ['/', '/'],
  ])('%s -> %s', (given, want) => expect(shardGroupOf({ path: given })).toBe(want));
});

const OPERATIONS = [
  { id: 'listPlants', path: '/plants' },
  { id: 'addPlant', path: '/plants' },
  { id: 'getPlant', path: '/plants/{id}' },
  { id: 'deletePlant', path: '/plants/{id}' },
  { id: 'listOrders', path: '/orders' },
  { id: 'getOrder', path: '/orders/{id}' },
  { id: 'health', path: '/health' },
  { id: 'search', path: '/search' },
  { id: 'getSku', path: '/catalog/{sku}' },
];

describe('assignShards', () => {
  test('a collection and its items share a shard; every operation gets exactly one', () => {
    const shards = assignShards(OPERATIONS, new Map(), 3);
    expect([...shards.keys()].sort()).toEqual(OPERATIONS.map((operation) => operation.id).sort());
    expect(new Set(['listPlants', 'addPlant', 'getPlant', 'deletePlant'].map((id) => shards.get(id))).size).toBe(1);
    expect(shards.get('listOrders')).toBe(shards.get('getOrder'));
    for (const shard of shards.values()) expect(shard).toBeGreaterThanOrEqual(1);
    for (const shard of shards.values()) expect(shard).toBeLessThanOrEqual(3);
  });

  test('the order the operations come in does not move any of them', () => {
    const weights = new Map([
      ['addPlant', 30],
      ['search', 12],
      ['getSku', 12],
    ]);
    const want = assignShards(OPERATIONS, weights, 4);
    for (const order of [[...OPERATIONS].reverse(), [...OPERATIONS].sort((a, b) => a.path.localeCompare(b.path))])
      expect(assignShards(order, weights, 4)).toEqual(want);
  });

  test('heavy groups go to different shards', () => {
    const weights = new Map([
      ['addPlant', 100],
      ['listOrders', 100],
    ]);
    const shards = assignShards(OPERATIONS, weights, 2);
    expect(shards.get('addPlant')).not.toBe(shards.get('listOrders'));
  });

  test('more shards than groups: the extra shards are empty', () => {
    const shards = assignShards(OPERATIONS.slice(0, 4), new Map(), 3);
    expect(new Set(shards.values())).toEqual(new Set([1]));
  });
});

describe('createShardSelector', () => {
  const ids = [
    'addPlant/positive/minimal',
    'addPlant/generated/positive',
    'addPlant/stateful/plants/random-1',
    'getPlant/negative/bad-id',
    'listOrders/positive/minimal',
    'getOrder/positive/minimal',
    'health/positive/minimal',
    'search/generated/negative',
    'getSku/positive/minimal',
  ];
  test.each([2, 3, 4])('%i shards select every case exactly once', (count) => {
    const selectors = Array.from({ length: count }, (_, index) =>
      createShardSelector({ index: index + 1, count }, OPERATIONS, ids, 10),
    );
    for (const id of ids) expect(selectors.filter((inShard) => inShard(id))).toHaveLength(1);
  });
});
