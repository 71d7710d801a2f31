/**
 * Where the catalog app keeps its plants, and the ways it gets that wrong
 * (issue 13): each broken variant is a bug only a sequence of calls shows:
 * no single request sees it, the stateful phase's checks do.
 */

import type { Plant } from './catalog-plant.js';
import { randomId } from './shared/random-id.js';

/** Storage bugs, each caught by one stateful check. */
export type ShelfVariant =
  | 'read-after-create-404' // reads look in a map creates never fill -> resource-available
  | 'read-returns-latest' // a read returns the newest plant, whatever the id -> stored-equals-sent
  | 'delete-no-op' // DELETE answers 204 and keeps the plant -> use-after-delete
  | 'delete-removes-latest' // DELETE removes the newest plant instead of the named one -> resource-available
  | 'list-from-snapshot' // lists come from a copy refreshed only when a plant is deleted -> list-includes-created
  | 'stale-total-count' // X-Total-Count counts creates and never deletes -> total-count-matches
  | 'drops-tag' // the stored plant loses its optional tag -> stored-equals-sent
  | 'reuses-deleted-ids' // ids are the smallest free number; reads go through a cache deletes leave stale -> use-after-delete
  | 'second-delete-204' // deleting a plant that is gone answers 204 -> second-delete-not-found
  | 'list-never-shows-new' // lists come from the shelf as it was at start (empty) -> first-page-not-empty, list-includes-created
  | 'total-count-zero'; // X-Total-Count is always 0 -> total-count-at-least

/** The catalog's plants under one variant. */
export class PlantShelf {
  private readonly plants = new Map<number, Plant>();
  private readonly cache = new Map<number, Plant>();
  private snapshot: Plant[] = [];
  private created = 0;

  constructor(private readonly variant: string) {}

  /** Store a new plant made by `make` from its new id. */
  add(make: (id: number) => Plant): Plant {
    const id = this.variant === 'reuses-deleted-ids' ? this.smallestFreeId() : randomId(this.plants);
    const made = make(id);
    const plant = this.variant === 'drops-tag' ? { ...made, tag: undefined } : made;
    this.plants.set(id, plant);
    this.created += 1;
    return made;
  }

  get(id: number): Plant | undefined {
    if (this.variant === 'read-after-create-404') return undefined;
    const plant = this.plants.get(id);
    if (!plant) return undefined;
    if (this.variant === 'read-returns-latest') return [...this.plants.values()].pop();
    if (this.variant === 'reuses-deleted-ids') {
      if (!this.cache.has(id)) this.cache.set(id, plant);
      return this.cache.get(id);
    }
    return plant;
  }

  /** The plant stored under `id` as updates see it (not through the read path). */
  stored(id: number): Plant | undefined {
    return this.plants.get(id);
  }

  replace(id: number, plant: Plant): void {
    this.plants.set(id, plant);
    this.cache.delete(id);
  }

  /** Delete the plant `id`: false when there is none (a 404), true when the answer is 204. */
  remove(id: number): boolean {
    if (!this.plants.has(id)) return this.variant === 'second-delete-204';
    if (this.variant === 'delete-no-op') return true;
    const victim = this.variant === 'delete-removes-latest' ? [...this.plants.keys()].pop()! : id;
    this.plants.delete(victim);
    this.snapshot = [...this.plants.values()];
    return true;
  }

  /** Every plant, in creation order, as the list sees it. */
  list(): Plant[] {
    if (this.variant === 'list-never-shows-new') return [];
    return this.variant === 'list-from-snapshot' ? this.snapshot : [...this.plants.values()];
  }

  /** The total the list reports for `matching` plants. */
  total(matching: number): number {
    if (this.variant === 'total-count-zero') return 0;
    return this.variant === 'stale-total-count' ? this.created : matching;
  }

  private smallestFreeId(): number {
    let id = 1;
    while (this.plants.has(id)) id += 1;
    return id;
  }
}
