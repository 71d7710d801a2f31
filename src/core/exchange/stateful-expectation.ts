/**
 * What a step of a stateful sequence expects, worked out by the sequence
 * model from the responses before it. The stateful checks
 * (`resource-available`, `stored-equals-sent`, `use-after-delete`,
 * `second-delete-not-found`, `list-includes-created`, `total-count-matches`,
 * `list-honours-limit`) read it off the case; every other case has none.
 */

/** What a step does. `page` is a list asked for one item per page. */
export type StepAction = 'create' | 'read' | 'list' | 'page' | 'update' | 'delete';

/** The item a step names, as the model knows it. */
export interface ItemExpectation {
  /** The id as the step sent it (a string, or a number's exact text). */
  id: string;
  /** `live`: created and not deleted, it must be there; `gone`: deleted, and no live item has its id. */
  state: 'live' | 'gone';
  /** The step that created it (1-based). */
  createdIn: number;
  /** The step that deleted it (gone items). */
  deletedIn?: number;
  /** What the client wrote (live items): property values as sent, the last update included. A null was a removal (merge patch). */
  written: Record<string, unknown>;
  /** What was written to items deleted earlier under the same id (a server that reuses ids), with the step that deleted each. */
  deleted: Array<{ written: Record<string, unknown>; deletedIn: number }>;
  /** Statuses the operation documents for a missing resource (404, 410). */
  notFound: string[];
  /** Where the step's answer carries the item when an envelope wraps it (`/certificate`); absent: the body is the item. */
  itemPointer?: string;
}

/** What a list step expects. */
export interface ListExpectation {
  /** Where the items are in the body: '' for an array, `/items` in a wrapper. */
  itemsPointer: string;
  /** Live items the client created, with their steps. */
  live: Array<{ id: string; createdIn: number }>;
  /** Items deleted (and not reused), with the step that deleted each. */
  gone: Array<{ id: string; deletedIn: number }>;
  /**
   * The page size the step asked for; undefined when it sent none. A list
   * with fewer items than that, asked from its first page, is its only page.
   */
  pageSize: number | undefined;
  /** True when the list declares no paging at all: every answer is the whole list. */
  unpaged: boolean;
  /** A total-count header the list documents (`X-Total-Count`). */
  totalHeader: string | undefined;
  /** JSON pointer of a total field in a wrapped list (`/total`). */
  totalField: string | undefined;
}

/** The expectation of one step. */
export interface StatefulExpectation {
  /** Collection name (`plants`), and the singular the messages use (`plant`). */
  collection: string;
  noun: string;
  /** 1-based position in the sequence. */
  step: number;
  action: StepAction;
  idField: string;
  item?: ItemExpectation;
  list?: ListExpectation;
}
