/**
 * What the stateful mock remembers: the items of each collection, per
 * scope (the values of the other path parameters of a nested collection,
 * `/gardens/{gardenId}/plants`), in creation order. One store per mock
 * process; it outlives spec reloads (collections are keyed by path) and
 * `reset()` brings back the preloaded items (--data), nothing else.
 */
import { canonicalJson, cloneJson } from '../../core/json/exact-json.js';
import { idText } from '../../core/resources/id-text.js';

/** One stored item: its id as a key, and the item as served. */
export interface StoredItem {
  key: string;
  value: Record<string, unknown>;
}

/** Items to start with (and to reset to), by collection path, then scope. */
export type PreloadedItems = ReadonlyMap<string, ReadonlyMap<string, readonly StoredItem[]>>;

/** The items of every collection; Map insertion order is creation order. */
export class ResourceStore {
  private collections = new Map<string, Map<string, Map<string, StoredItem>>>();
  private counters = new Map<string, number>();

  constructor(private readonly preloaded: PreloadedItems = new Map()) {
    this.reset();
  }

  /** Forget everything, then hold the preloaded items again. */
  reset(): void {
    this.collections = new Map();
    this.counters = new Map();
    for (const [path, scopes] of this.preloaded) {
      for (const [scope, items] of scopes)
        for (const item of items) this.put(path, scope, { key: item.key, value: cloneJson(item.value) });
    }
  }

  /** Whether any item was preloaded into the collection at `path`. */
  preloads(path: string): boolean {
    return this.preloaded.has(path);
  }

  items(path: string, scope: string): StoredItem[] {
    return [...(this.collections.get(path)?.get(scope)?.values() ?? [])];
  }

  get(path: string, scope: string, key: string): StoredItem | undefined {
    return this.collections.get(path)?.get(scope)?.get(key);
  }

  has(path: string, scope: string, key: string): boolean {
    return this.get(path, scope, key) !== undefined;
  }

  /** Store `item`; an existing one with its key keeps its place in the order (an update). */
  put(path: string, scope: string, item: StoredItem): void {
    let scopes = this.collections.get(path);
    if (!scopes) this.collections.set(path, (scopes = new Map()));
    let items = scopes.get(scope);
    if (!items) scopes.set(scope, (items = new Map()));
    items.set(item.key, item);
  }

  /** 0, 1, 2, ... per collection: the serial number of the next id the mock makes (never reused after a delete). */
  nextSerial(path: string): number {
    const next = this.counters.get(path) ?? 0;
    this.counters.set(path, next + 1);
    return next;
  }

  /** Remove an item; false when there was none. */
  delete(path: string, scope: string, key: string): boolean {
    return this.collections.get(path)?.get(scope)?.delete(key) ?? false;
  }
}

/** The key of an id value: its id text (core/resources/id-text.ts); any other value (an untyped id property may hold one) as its JSON. */
export function idKey(container: object, field: string | number): string {
  return idText(container, field) ?? canonicalJson(container, field);
}

/** The scope of a request: the other path parameters of a nested collection, `gardenId=g1`, '' for none. */
export function scopeOf(pathParameters: Readonly<Record<string, string>>, idParameter: string | undefined): string {
  return Object.keys(pathParameters)
    .filter((name) => name !== idParameter)
    .sort()
    .map((name) => `${name}=${pathParameters[name]}`)
    .join('&');
}
