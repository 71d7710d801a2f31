/**
 * Collections of resources as the spec describes them, found once from the
 * operation list (infer-collections.ts): the stateful mock stores items in
 * them and the contract runner's stateful phase follows them across calls.
 * Plain data: nothing here sends or stores anything.
 */
import type { MediaTypeContent, Operation, SchemaObject } from '../spec/types.js';

/** An operation in a collection, with the success response it answers with (OAS 4.8.16). */
export interface ResourceOperation {
  operation: Operation;
  /** The documented success status (the lowest 2xx; 200 for a `2XX` range or `default`). */
  status: number;
  /** The JSON media type of that response, when it documents one with a schema. */
  media: MediaTypeContent | undefined;
  /**
   * JSON pointer of the item in that body when an envelope wraps it (`/certificate` in Hetzner's
   * `{certificate: {...}, action: {...}}`, item-wrapper.ts); absent when the body is the item.
   */
  itemPointer?: string;
}

/** An operation on one item: the path parameter that carries the item's id. */
export interface ItemOperation extends ResourceOperation {
  /** Name of the path parameter holding the id (`plantId`). */
  parameter: string;
}

/** Update of one item: PUT replaces what the client may write (RFC 9110 section 9.3.4), PATCH merges (RFC 7396). */
export interface UpdateOperation extends ItemOperation {
  merge: boolean;
}

/** The list operation: where the items sit in its body. */
export interface ListOperation extends ResourceOperation {
  /** JSON pointer of the array in the body: '' for a bare array, `/items` for `{items: [...], total}`. */
  itemsPointer: string;
  /** The list holds the items' ids (strings or numbers), not the items: `GET /files` answering the file names. */
  itemsAreIds?: true;
}

/** Paging a list operation declares (query parameters and a total count), by the names the spec uses. */
export interface Paging {
  /** Page size parameter (`limit`, `per_page`, `pageSize`, ...). */
  limit: string | undefined;
  /** Items to skip (`offset`, `skip`, `start`). */
  offset: string | undefined;
  /** Page number (`page`), counted from `firstPage`. */
  page: string | undefined;
  /** 1 unless the page parameter's schema allows 0 (minimum or default 0). */
  firstPage: number;
  /** A documented response header holding the total (`X-Total-Count`), as written in the spec. */
  totalHeader: string | undefined;
  /** JSON pointer of a total field in a wrapped list (`/total`). */
  totalField: string | undefined;
}

/** How a collection was found. */
export type CollectionSource = 'paths' | 'links';

/** A collection of items: create, list, read, update and delete, each optional. */
export interface Collection {
  /** `plants`: the last literal segment of the collection's path. */
  name: string;
  /** The collection path, as written in the spec (`/plants`, `/gardens/{gardenId}/plants`). */
  path: string;
  /** The item path (`/plants/{plantId}`); undefined when the spec has no item operations. */
  itemPath: string | undefined;
  /** The item property that identifies it (`id`, `plantId`, `sku`). */
  idField: string;
  /** The path parameter naming an item (that of the read, else update, else delete); undefined without item operations. */
  idParameter: string | undefined;
  /** The item as responses document it: the read's schema, else the create's, else the update's. */
  itemSchema: SchemaObject;
  create?: ResourceOperation;
  list?: ListOperation;
  read?: ItemOperation;
  update?: UpdateOperation;
  /** A PATCH beside a PUT: both are updates, the runner uses `update`. */
  patch?: UpdateOperation;
  delete?: ItemOperation;
  paging?: Paging;
  source: CollectionSource;
}

/** What an operation does in its collection. */
export type ResourceRole = 'create' | 'list' | 'read' | 'update' | 'patch' | 'delete';

/** The collections of a spec and, per operation id, the role it plays. */
export interface ResourceMap {
  collections: Collection[];
  roleOf(operationId: string): { collection: Collection; role: ResourceRole } | undefined;
}
