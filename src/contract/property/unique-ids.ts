/**
 * Ids stay unique within a run, so a server that refuses a duplicate id (a
 * 400 for a valid body) raises no false alarm. An id counts as taken once a
 * request carrying it was accepted (2xx): only then can the server hold it.
 * Generated values that hit a taken id move to the nearest free one of the
 * same sign; boundary values are never moved (the edge is the point): one
 * already accepted is left out. The ids the boundary edges set are reserved
 * while the boundary phase runs, each until its edge is sent, so that
 * shrinking an earlier failure (which drives ids towards 0) does not use
 * them up; the phase releases them all when it ends, cut or not, so the
 * random phases after it draw the same values either way.
 *
 * A replay is exact whether or not a time budget cuts (issue 18 section 5):
 * each phase of each operation works in a scope of its own (`scope()`),
 * with its own counter, started where the seed, the operation and the phase
 * say; the ids an operation got accepted are its own (beside the run-wide
 * ones of the static cases). A cut then moves no value of another operation,
 * and within an operation only one that would repeat an id the server holds
 * (which, with fewer requests sent, it may not). Which properties are ids is
 * read from their names: `id`, `plantId`, `plant_id`, `plant-id`, `ID`
 * (integers only).
 */

import type { IntegerRange } from '../../core/generate/integers.js';
import { cloneValue } from '../../core/generate/value-paths.js';
import { exactInteger, exactNumberText } from '../../core/json/exact-json.js';
import { decodePointer, joinPointer } from '../../core/json/json-pointer.js';
import { isIdName } from '../../core/resources/id-field.js';
import { deriveSeed } from './seeds.js';

/** True for property names that name an identifier. */
export function isIdLike(name: string): boolean {
  return isIdName(name);
}

/** Ids by JSON pointer. */
type IdsByPointer = Map<string, Set<bigint>>;

/** A register of accepted ids, by JSON pointer: the run's, or one scope's within it. */
export class UniqueIds {
  private next: bigint;
  /** Scopes by operation and phase; what an operation's scopes share (root only). */
  private readonly scopes = new Map<string, UniqueIds>();
  private readonly operations = new Map<string, { taken: IdsByPointer; reserved: IdsByPointer }>();

  /**
   * `seed` picks where fresh ids start, so a replayed run hands out the same
   * ones. A scope has its own start; it shares the ids its operation's
   * phases got accepted and the boundary values reserved for it, and sees
   * the run's (the static cases') accepted ids besides.
   */
  constructor(
    private readonly seed: number,
    start?: bigint,
    private readonly run?: UniqueIds,
    /** Accepted ids. */
    private readonly taken: IdsByPointer = new Map(),
    /** Boundary values generated values keep clear of. */
    private readonly reserved: IdsByPointer = new Map(),
  ) {
    this.next = start ?? 100_000n + BigInt(seed % 100_000) * 1_000n;
  }

  /**
   * The register of one phase of one operation: its own counter, started
   * where the seed, the operation and the phase say. The ids its phases got
   * accepted are the operation's: a server holds them whichever phase sent
   * them (a phase cut short can only leave fewer for the next to step around).
   */
  scope(operationId: string, phase: string): UniqueIds {
    const key = `${operationId}\u0000${phase}`;
    let scope = this.scopes.get(key);
    if (!scope) {
      let shared = this.operations.get(operationId);
      if (!shared) this.operations.set(operationId, (shared = { taken: new Map(), reserved: new Map() }));
      // Far apart for each scope (31 bits of hash, 1,000 apart): two scopes' fresh ids practically never meet.
      const start = 100_000n + BigInt(deriveSeed(this.seed, operationId, phase)) * 1_000n;
      this.scopes.set(key, (scope = new UniqueIds(this.seed, start, this, shared.taken, shared.reserved)));
    }
    return scope;
  }

  /** True when `value` was accepted at `pointer` earlier in the run (by this scope's operation, or the static cases). */
  isTaken(pointer: string, value: bigint): boolean {
    return (this.taken.get(pointer)?.has(value) ?? false) || (this.run?.isTaken(pointer, value) ?? false);
  }

  /** Keep `value` at `pointer` out of generated values until released (a boundary edge's own id, until it is sent). */
  reserve(pointer: string, value: bigint): void {
    let values = this.reserved.get(pointer);
    if (!values) this.reserved.set(pointer, (values = new Set()));
    values.add(value);
  }

  /** Let generated values take `value` at `pointer` again. */
  release(pointer: string, value: bigint): void {
    this.reserved.get(pointer)?.delete(value);
  }

  /** Record the id-like integers of a body the server accepted (parsed JSON, exact texts kept). */
  recordAccepted(body: unknown, pointer = '', depth = 0): void {
    if (typeof body !== 'object' || body === null || depth > 6) return;
    for (const [key, value] of Object.entries(body)) {
      const childPointer = joinPointer(pointer, key);
      if (typeof value === 'number' && !Array.isArray(body) && isIdLike(key)) {
        const exact = exactInteger(exactNumberText(body, key) ?? String(value));
        if (exact !== undefined) this.take(childPointer, exact);
      } else {
        this.recordAccepted(value, childPointer, depth + 1);
      }
    }
  }

  /** A value for `pointer` never accepted before, inside `range`, from a counter that starts at the seed's place. */
  fresh(pointer: string, range: IntegerRange): bigint {
    const span = range.high - range.low + 1n;
    for (let attempt = 0; attempt < 10_000; attempt += 1) {
      const raw = this.next++;
      let value =
        raw >= range.low && raw <= range.high ? raw : range.low + ((((raw - range.low) % span) + span) % span);
      value -= ((value % range.step) + range.step) % range.step;
      if (value < range.low) value += range.step;
      if (!this.blocked(pointer, value)) return value;
    }
    return range.low;
  }

  /** The next counter value (the context's `nextInteger` for generated requests: deterministic per seed). */
  counter(): bigint {
    return this.next++;
  }

  /**
   * A copy of a generated body whose taken ids are moved to the nearest free
   * value of the same sign inside their range; `keep` is left alone (the
   * property a negative case breaks). The body itself when nothing moved.
   */
  adjust(body: unknown, ranges: ReadonlyMap<string, IntegerRange>, keep?: string): unknown {
    let copy: unknown;
    for (const [pointer, range] of ranges) {
      if (pointer === keep) continue;
      const tokens = decodePointer(pointer);
      const name = tokens.pop()!;
      let parent = (copy ?? body) as Record<string, unknown> | undefined;
      for (const token of tokens) parent = parent?.[token] as Record<string, unknown> | undefined;
      const value = parent?.[name];
      if (typeof value !== 'bigint' || !this.blocked(pointer, value)) continue;
      if (copy === undefined) {
        copy = cloneValue(body);
        parent = copy as Record<string, unknown>;
        for (const token of tokens) parent = parent[token] as Record<string, unknown>;
      }
      parent![name] = this.nearestFree(pointer, value, range);
    }
    return copy ?? body;
  }

  private nearestFree(pointer: string, value: bigint, range: IntegerRange): bigint {
    const away = value < 0n ? -range.step : range.step;
    for (let distance = 1n; distance <= 10_000n; distance += 1n) {
      for (const candidate of [value + away * distance, value - away * distance]) {
        const sameSign = value === 0n ? candidate > 0n : candidate < 0n === value < 0n && candidate !== 0n;
        if (sameSign && candidate >= range.low && candidate <= range.high && !this.blocked(pointer, candidate))
          return candidate;
      }
    }
    return value;
  }

  private blocked(pointer: string, value: bigint): boolean {
    return this.isTaken(pointer, value) || (this.reserved.get(pointer)?.has(value) ?? false);
  }

  private take(pointer: string, value: bigint): void {
    let values = this.taken.get(pointer);
    if (!values) this.taken.set(pointer, (values = new Set()));
    values.add(value);
  }
}
