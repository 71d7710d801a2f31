/** The run-wide id register: which names are ids, taken ids move, boundary ids are reserved. */
import { describe, expect, it } from 'vitest';
import { isIdLike, UniqueIds } from '../../../src/contract/property/unique-ids.js';
import type { IntegerRange } from '../../../src/core/generate/integers.js';
import { parseJson } from '../../../src/core/json/exact-json.js';

const INT64: IntegerRange = { low: -(2n ** 63n), high: 2n ** 63n - 1n, step: 1n, bounded: { low: true, high: true } };
const RANGES = new Map([['/id', INT64]]);

/** The server accepted this JSON body. */
function accept(ids: UniqueIds, json: string): void {
  const parsed = parseJson(json);
  if (!parsed.ok) throw new Error(parsed.message);
  ids.recordAccepted(parsed.value);
}

describe('isIdLike', () => {
  it.each([
    ['id', true],
    ['ID', true],
    ['plantId', true],
    ['plant_id', true],
    ['plant-id', true],
    ['plantID', true],
    ['paid', false],
    ['idea', false],
    ['name', false],
  ])('%s -> %s', (name, want) => expect(isIdLike(name)).toBe(want));
});

describe('UniqueIds', () => {
  it('records accepted ids exactly (int64 digits kept), nested ones too', () => {
    const ids = new UniqueIds(1);
    accept(ids, '{"id":9223372036854775807,"name":"x","owner":{"ownerId":5}}');
    expect(ids.isTaken('/id', 2n ** 63n - 1n)).toBe(true);
    expect(ids.isTaken('/owner/ownerId', 5n)).toBe(true);
    expect(ids.isTaken('/id', 2n ** 63n - 2n)).toBe(false);
  });

  it.each([
    ['a taken positive id moves up', [7n], 7n, 8n],
    ['a taken negative id moves further from zero', [-7n], -7n, -8n],
    ['a taken zero moves to 1', [0n], 0n, 1n],
    ['the int64 maximum moves down', [2n ** 63n - 1n], 2n ** 63n - 1n, 2n ** 63n - 2n],
    ['past every taken neighbour', [7n, 8n, 6n], 7n, 9n],
  ])('%s', (_name, taken, value, want) => {
    const ids = new UniqueIds(1);
    for (const id of taken) accept(ids, `{"id":${id}}`);
    const body = { id: value, name: 'n' };
    expect((ids.adjust(body, RANGES) as { id: bigint }).id).toBe(want);
    expect(body.id).toBe(value); // the input is never changed
  });

  it('leaves the property a negative case breaks alone', () => {
    const ids = new UniqueIds(1);
    accept(ids, '{"id":3}');
    expect(ids.adjust({ id: 3n }, RANGES, '/id')).toEqual({ id: 3n });
  });

  it('keeps generated ids clear of reserved boundary values, in every phase of the operation', () => {
    const ids = new UniqueIds(1);
    ids.scope('addPlant', 'boundary').reserve('/id', 0n);
    expect(ids.scope('addPlant', 'positive').adjust({ id: 0n }, RANGES)).toEqual({ id: 1n });
    expect(ids.scope('addPot', 'positive').adjust({ id: 0n }, RANGES)).toEqual({ id: 0n });
  });

  it('scopes: each phase of each operation counts from its own start; ids accepted by another operation move nothing', () => {
    const ids = new UniqueIds(1);
    accept(ids, '{"id":3}');
    const [boundary, positive] = [ids.scope('addPlant', 'boundary'), ids.scope('addPlant', 'positive')];
    expect(boundary.counter()).not.toBe(positive.counter());
    // Drawing from one scope does not move another (a time budget cut in one phase changes no other).
    const again = new UniqueIds(1).scope('addPlant', 'positive');
    again.counter();
    boundary.counter();
    expect(positive.counter()).toBe(again.counter());
    const parsed = parseJson('{"id":7}');
    if (parsed.ok) ids.scope('addPot', 'boundary').recordAccepted(parsed.value);
    expect(positive.adjust({ id: 7n }, RANGES)).toEqual({ id: 7n });
    // The operation's own phases share what the server accepted from any of them.
    if (parsed.ok) boundary.recordAccepted(parsed.value);
    expect(positive.adjust({ id: 7n }, RANGES)).toEqual({ id: 8n });
    // The run's static cases' accepted ids are taken in every scope.
    expect(positive.adjust({ id: 3n }, RANGES)).toEqual({ id: 4n });
  });

  it('hands out fresh ids inside the range, the same ones for the same seed', () => {
    const small: IntegerRange = { low: 1n, high: 10n, step: 1n, bounded: { low: true, high: true } };
    const first = new UniqueIds(42);
    const second = new UniqueIds(42);
    const a = [first.fresh('/id', small), first.fresh('/id', small), first.fresh('/id', INT64)];
    expect(a).toEqual([second.fresh('/id', small), second.fresh('/id', small), second.fresh('/id', INT64)]);
    expect(a[0]! >= 1n && a[0]! <= 10n && a[0] !== a[1]).toBe(true);
  });
});
