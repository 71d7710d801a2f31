/**
 * What a sequence has done so far, as the client saw it: which items exist
 * (with the ids the server gave them and what was written to them) and
 * which were deleted. Each step's expectation comes from here, and each
 * response updates it. Ids are whatever the server returned: never guessed,
 * never assumed sequential.
 */

import type {
  ItemExpectation,
  ListExpectation,
  StatefulExpectation,
  StepAction,
} from '../../core/exchange/stateful-expectation.js';
import { cloneJson, mergeMembers } from '../../core/json/exact-json.js';
import { valueAt } from '../../core/json/json-pointer.js';
import { idText } from '../../core/resources/id-text.js';
import { isRecord } from '../../core/schema/object-shape.js';
import { notFoundStatuses, type StatefulTarget, unpaged } from './targets.js';

/** One item as the model knows it. */
interface ModelItem {
  /** The id as text, and the value to put in a path. */
  id: { text: string; value: unknown };
  createdIn: number;
  written: Record<string, unknown>;
  state: 'live' | 'gone';
  deletedIn?: number;
}

/** The model of one sequence. */
export class SequenceModel {
  private readonly items = new Map<number, ModelItem>();

  constructor(private readonly target: StatefulTarget) {}

  /** Whether item `number` was created (a step naming one that was not is not sent). */
  has(number: number): boolean {
    return this.items.has(number);
  }

  /** The id value of item `number`, for the request path. */
  idValue(number: number): unknown {
    return this.items.get(number)?.id.value;
  }

  /** The id of item `number` as text (what its path segment holds). */
  idText(number: number): string | undefined {
    return this.items.get(number)?.id.text;
  }

  /** Items still live (the clean-up deletes them). */
  live(): number[] {
    return [...this.items.entries()].filter(([, item]) => item.state === 'live').map(([number]) => number);
  }

  /** What step `step` (1-based), doing `action` on item `number`, expects. */
  expectation(
    step: number,
    action: StepAction,
    number: number | undefined,
    pageSize: number | undefined,
  ): StatefulExpectation {
    const { collection, noun } = this.target;
    const base = { collection: collection.name, noun, step, action, idField: collection.idField };
    if (action === 'list' || action === 'page') return { ...base, list: this.listExpectation(pageSize) };
    const item = number === undefined ? undefined : this.items.get(number);
    return item ? { ...base, item: this.itemExpectation(item, action) } : base;
  }

  /** Take in the answer to a step. `sent` is the body value the step wrote. */
  record(
    step: number,
    action: StepAction,
    number: number | undefined,
    status: number | undefined,
    sent: unknown,
    body: unknown,
  ): { ok: true } | { ok: false; reason: string } {
    const success = status !== undefined && status >= 200 && status < 300;
    if (!success || number === undefined) return { ok: true };
    const written = isRecord(sent) ? cloneJson(sent) : {};
    if (action === 'create') {
      // The new item is the body, or its envelope's member (`{certificate: {...}}`).
      const created = valueAt(body, this.target.collection.create?.itemPointer ?? '');
      const text = idText(created, this.target.collection.idField);
      if (text === undefined)
        return {
          ok: false,
          reason: `the create in step ${step} answered ${status} without the ${this.target.collection.idField} that names the new ${this.target.noun}`,
        };
      this.items.set(number, {
        id: { text, value: idValue(created as Record<string, unknown>, this.target.collection.idField, text) },
        createdIn: step,
        written,
        state: 'live',
      });
    }
    const named = this.items.get(number);
    if (!named) return { ok: true };
    // A deleted item's id that the server gave to a new one names that live item now: a step on it acts on that item.
    const item = this.holderOf(named);
    if (action === 'update' && item.state === 'live')
      item.written = this.target.collection.update?.merge ? mergeMembers(item.written, written) : written;
    if (action === 'delete' && item.state === 'live') Object.assign(item, { state: 'gone', deletedIn: step });
    return { ok: true };
  }

  /** The item `item`'s id names now: a server may give a deleted item's id to a new one, which the id then names. */
  private holderOf(item: ModelItem): ModelItem {
    if (item.state === 'live') return item;
    return [...this.items.values()].find((other) => other.state === 'live' && other.id.text === item.id.text) ?? item;
  }

  private itemExpectation(item: ModelItem, action: StepAction): ItemExpectation {
    const holder = this.holderOf(item);
    const deleted = [...this.items.values()]
      .filter((other) => other !== holder && other.state === 'gone' && other.id.text === item.id.text)
      .map((other) => ({ written: other.written, deletedIn: other.deletedIn! }));
    const operation =
      action === 'delete'
        ? this.target.collection.delete
        : action === 'update'
          ? this.target.collection.update
          : this.target.collection.read;
    return {
      id: holder.id.text,
      state: holder.state,
      createdIn: holder.createdIn,
      ...(holder.deletedIn === undefined ? {} : { deletedIn: holder.deletedIn }),
      written: holder.written,
      deleted,
      notFound: notFoundStatuses(operation),
      ...(operation?.itemPointer ? { itemPointer: operation.itemPointer } : {}),
    };
  }

  private listExpectation(pageSize: number | undefined): ListExpectation {
    const all = [...this.items.values()];
    const liveIds = new Set(all.filter((item) => item.state === 'live').map((item) => item.id.text));
    const { collection } = this.target;
    return {
      itemsPointer: collection.list?.itemsPointer ?? '',
      live: all
        .filter((item) => item.state === 'live')
        .map((item) => ({ id: item.id.text, createdIn: item.createdIn })),
      gone: all
        .filter((item) => item.state === 'gone' && !liveIds.has(item.id.text))
        .map((item) => ({ id: item.id.text, deletedIn: item.deletedIn! })),
      pageSize,
      unpaged: unpaged(collection),
      totalHeader: collection.paging?.totalHeader,
      totalField: collection.paging?.totalField,
    };
  }
}

/** The id as a value for a path: a number beyond 2^53 as a bigint, digit for digit. */
function idValue(body: Record<string, unknown>, field: string, text: string): unknown {
  const value = body[field];
  return typeof value === 'number' && !Number.isSafeInteger(value) && /^-?\d+$/.test(text) ? BigInt(text) : value;
}
