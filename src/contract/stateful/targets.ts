/**
 * The collections the stateful phase can follow (src/core/resources/): those it
 * can create items in (a create whose body the runner can send) and then
 * find them again (a read, a list or a delete). Everything a sequence needs
 * is worked out once here: the request bodies, the values of the other path
 * parameters of a nested collection (one set per run, so every step names
 * the same parent), and which list and page steps make sense.
 */
import { singular } from '../../core/resources/id-field.js';
import { inferCollections } from '../../core/resources/infer-collections.js';
import { queryParameter } from '../../core/resources/paging.js';
import type { Collection, ItemOperation, ResourceOperation } from '../../core/resources/types.js';
import type { LoadedSpec, Operation } from '../../core/spec/types.js';
import type { CaseContext } from '../cases/context.js';
import { type SendableBody, sendableBody } from '../cases/request-body.js';
import { parameterValue } from '../cases/request-parameters.js';

/** A collection the phase follows, with what its steps need. */
export interface StatefulTarget {
  collection: Collection;
  /** `plant`: what the messages call one item. */
  noun: string;
  create: ResourceOperation;
  /** The create's request body (undefined: it takes none). */
  createBody: SendableBody | undefined;
  /** The update's request body, when the collection has an update the runner can send. */
  updateBody: SendableBody | undefined;
  /** Values of the collection's other path parameters (`gardenId`), the same in every step. */
  scope: Record<string, unknown>;
  /** Whether `scope` names live parents (taken from the run's resource pool) or made-up ones; undefined without parents. */
  scopeResource?: 'live' | 'made-up';
  /** The list, when a step can ask it for every item (no required filter). */
  listable: boolean;
  /** The page size a `page` step sends (1), when the list has a page-size parameter that allows it. */
  pageable: boolean;
  /** The list's page-size parameter's bounds, when it has one: a list step asks for a page larger than the run's items. */
  listLimit: { minimum: number; maximum: number | undefined; default: number | undefined } | undefined;
}

/** The targets of `spec`, in spec order; a collection the runner cannot send a create for is left out. */
export function statefulTargets(spec: LoadedSpec, context: CaseContext): StatefulTarget[] {
  return inferCollections(spec.operations).collections.flatMap((collection) => {
    const target = targetOf(collection, context);
    return target ? [target] : [];
  });
}

function targetOf(collection: Collection, context: CaseContext): StatefulTarget | undefined {
  const { create } = collection;
  if (!create || !(collection.read || collection.list || collection.delete)) return undefined;
  const createBody = sendableBody(create.operation, context);
  if (create.operation.requestBody?.required && !createBody) return undefined;
  const scope = scopeValues(create.operation, context);
  if (!scope) return undefined;
  const updateBody = collection.update ? sendableBody(collection.update.operation, context) : undefined;
  const list = collection.list;
  const paging = collection.paging;
  const pagingNames = new Set([paging?.limit, paging?.offset, paging?.page]);
  const listable =
    list !== undefined &&
    !list.operation.parameters.some(
      (parameter) => parameter.in === 'query' && parameter.required && !pagingNames.has(parameter.name),
    );
  const limit = list && queryParameter(list.operation, paging?.limit);
  const minimum = typeof limit?.schema?.minimum === 'number' ? limit.schema.minimum : 1;
  const bound = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
  return {
    collection,
    noun: singular(collection.name),
    create,
    createBody,
    updateBody,
    scope,
    ...(Object.keys(scope).length > 0 ? { scopeResource: 'made-up' as const } : {}),
    listable,
    pageable: listable && limit !== undefined && minimum <= 1,
    listLimit: limit
      ? { minimum, maximum: bound(limit.schema?.maximum), default: bound(limit.schema?.default) }
      : undefined,
  };
}

/** One valid value for each path parameter of the collection path (a nested collection's parents); undefined when one has none. */
function scopeValues(create: Operation, context: CaseContext): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const parameter of create.parameters.filter((candidate) => candidate.in === 'path')) {
    const chosen = parameterValue(parameter, 'minimal', context);
    if (!chosen.ok) return undefined;
    values[parameter.name] = chosen.value;
  }
  return values;
}

/**
 * The page size a list step asks for: the documented maximum, else more
 * than the `live` items the run holds (and at least the default), so that a
 * list holding fewer is its only page and can be judged (list-view.ts);
 * undefined when the list has no page-size parameter.
 */
export function listPageSize(target: StatefulTarget, live: number): number | undefined {
  const limit = target.listLimit;
  if (!limit) return undefined;
  return limit.maximum ?? Math.max(limit.minimum, limit.default ?? 0, live + 1);
}

/** Whether the list answers "every item" to a list step: it declares no paging, or a page size the step asks for. */
export function unpaged(collection: Collection): boolean {
  const paging = collection.paging;
  return !paging?.limit && !paging?.offset && !paging?.page;
}

/** The statuses `operation` documents for a missing resource. */
export function notFoundStatuses(operation: ItemOperation | undefined): string[] {
  return (
    operation?.operation.responses
      .map((response) => response.status)
      .filter((status) => status === '404' || status === '410') ?? []
  );
}
