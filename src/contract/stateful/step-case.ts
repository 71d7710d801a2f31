/**
 * A planned step as a case the runner sends: the operation the action maps
 * to, the id (taken from the create's response) in its path, the bodies of
 * creates and updates, the list's page parameters, and what the model
 * expects, for the stateful checks. Steps on a live item expect success;
 * steps on a deleted one leave the status to the stateful checks.
 */

import type { StepAction } from '../../core/exchange/stateful-expectation.js';
import type { ContractCase } from '../../core/exchange/types.js';
import { cloneJson, setExactNumber } from '../../core/json/exact-json.js';
import type { ItemOperation, ResourceOperation } from '../../core/resources/types.js';
import { isRecord } from '../../core/schema/object-shape.js';
import type { CaseContext } from '../cases/context.js';
import { encodeBody, type SendableBody, valueAsSent } from '../cases/request-body.js';
import { buildRequest } from '../cases/request-builder.js';
import { idMisfit } from './id-fit.js';
import type { ItemBodies } from './item-bodies.js';
import type { StepPlan } from './plan-sequences.js';
import type { SequenceModel } from './sequence-model.js';
import { listPageSize, type StatefulTarget } from './targets.js';

/** A step ready to send, and the body value it writes; or why it cannot be sent. */
export type BuiltStep = { case: ContractCase; sent: unknown } | { skip: string };

/** What building step cases needs: the run's case context and its bodies. */
export interface StepTools {
  context: CaseContext;
  bodies: ItemBodies;
  /** Live items of the collection the run knows of outside the sequence (its resource pool). */
  liveItems?: (target: StatefulTarget) => number;
}

/** The case of step `step` (1-based) of a sequence. */
export function stepCase(
  target: StatefulTarget,
  plan: StepPlan,
  step: number,
  model: SequenceModel,
  { context, bodies, liveItems }: StepTools,
): BuiltStep {
  const { collection } = target;
  if (plan.item !== undefined && plan.action !== 'create' && !model.has(plan.item))
    return { skip: `${target.noun} #${plan.item + 1} was never created` };
  const id = plan.item !== undefined && plan.action !== 'create' ? model.idText(plan.item) : undefined;
  if (id !== undefined && !addressable(id))
    return {
      skip: `${target.noun} #${plan.item! + 1} has ${collection.idField} ${JSON.stringify(id)}, which no path segment can name (RFC 3986 section 3.3)`,
    };
  const operation = operationOf(target, plan.action);
  const misfit =
    id !== undefined ? idMisfit(operation as ItemOperation, model.idValue(plan.item!), context) : undefined;
  if (misfit) return { skip: misfit };
  const body = plan.action === 'create' ? target.createBody : plan.action === 'update' ? target.updateBody : undefined;
  const value =
    body && plan.body
      ? bodies.value(body, plan.body, plan.action === 'create' ? collection.idField : undefined)
      : undefined;
  if (value && !value.ok) return { skip: `cannot write a valid ${target.noun}: ${value.reason}` };
  const written =
    value?.ok && plan.action === 'update'
      ? sameId(value.value, collection.idField, model.idValue(plan.item!))
      : value?.ok
        ? value.value
        : undefined;
  const encoded = body && written !== undefined ? encodeBody(body as SendableBody, written) : undefined;
  const sent = encoded ? valueAsSent(body as SendableBody, written, encoded) : written;
  const path: Record<string, unknown> = { ...target.scope };
  if (plan.item !== undefined && plan.action !== 'create')
    path[(operation as ItemOperation).parameter] = model.idValue(plan.item);
  const live = Math.max(model.live().length, liveItems?.(target) ?? 0);
  const pageSize = plan.action === 'page' ? 1 : plan.action === 'list' ? listPageSize(target, live) : undefined;
  const request = buildRequest(
    operation.operation,
    {
      ...(encoded ? { body: encoded.text, contentType: encoded.contentType } : {}),
      parameters: { path, query: listQuery(target, plan.action, pageSize) },
    },
    context,
  );
  const expectation = model.expectation(step, plan.action, plan.item, pageSize);
  const onDeleted = expectation.item?.state === 'gone';
  // An item step names the item as the model knows it; a create or a list, its parents.
  const resource = expectation.item ? (onDeleted ? 'deleted' : 'live') : target.scopeResource;
  return {
    case: {
      id: `${target.create.operation.id}/stateful/${collection.name}/step-${step}`,
      kind: 'stateful',
      operation: operation.operation,
      title: stepTitle(target, plan),
      request,
      expect: onDeleted ? { outcome: 'resource-state' } : { outcome: 'success' },
      stateful: expectation,
      ...(resource ? { resource } : {}),
    },
    sent,
  };
}

/**
 * Whether an id can name its item in a path. An empty id leaves an empty
 * segment (`/refs/` is the collection's path, not an item's), and `.` or `..` are dot segments that
 * clients remove before sending, percent-encoded or not (RFC 3986 sections 3.3 and 5.2.4; the WHATWG
 * URL parser treats `%2E` alike). A server may well name an item so (the client chose the id, or the
 * schema allows it): what the steps on it would judge is another resource, so they are not sent.
 */
function addressable(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..';
}

/** An update body that carries the id names the item it updates (a PUT of a slug-named tag repeats its slug). */
function sameId(value: unknown, idField: string, id: unknown): unknown {
  if (!isRecord(value) || !(idField in value)) return value;
  const copy = cloneJson(value);
  if (typeof id === 'bigint') setExactNumber(copy, idField, id.toString());
  else copy[idField] = id;
  return copy;
}

/** `create plant #1`, `list plants`, `list plants, 1 per page`. */
export function stepTitle(target: StatefulTarget, plan: StepPlan): string {
  if (plan.action === 'list') return `list ${target.collection.name}`;
  if (plan.action === 'page') return `list ${target.collection.name}, 1 per page`;
  return `${plan.action} ${target.noun} #${(plan.item ?? 0) + 1}`;
}

function operationOf(target: StatefulTarget, action: StepAction): ResourceOperation {
  const { collection } = target;
  switch (action) {
    case 'create':
      return target.create;
    case 'list':
    case 'page':
      return collection.list!;
    case 'read':
      return collection.read!;
    case 'update':
      return collection.update!;
    case 'delete':
      return collection.delete!;
  }
}

/** The page parameters of a list step: the first page, of `pageSize` items when the step asks for a size. */
function listQuery(target: StatefulTarget, action: StepAction, pageSize: number | undefined): Record<string, unknown> {
  const paging = target.collection.paging;
  if ((action !== 'list' && action !== 'page') || !paging) return {};
  return {
    ...(paging.limit && pageSize !== undefined ? { [paging.limit]: pageSize } : {}),
    ...(paging.page ? { [paging.page]: paging.firstPage } : {}),
    ...(paging.offset ? { [paging.offset]: 0 } : {}),
  };
}
