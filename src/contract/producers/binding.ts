/**
 * Binding pooled values to an operation's parameters, and saying what a case
 * then names. The item parameter (the last path parameter) is bound first;
 * a nested item brings its parents along (the `gardenId` its create was sent
 * under), so a case never mixes a plant with another garden. A case that
 * deletes claims its item: no other case is handed it. Choices follow
 * harvest order, so the same server answers give the same requests.
 */

import type { CaseRequest, ContractCase, ProducerStep } from '../../core/exchange/types.js';
import { encodeParameter } from '../../core/params/encode.js';
import { templatePath } from '../../core/routing/path-template.js';
import type { Operation, OperationParameter } from '../../core/spec/types.js';
import { parameterKey } from '../cases/request-builder.js';
import { pathValues } from './harvest.js';
import type { PooledValue, ResourcePool } from './pool.js';

/** Pooled values bound to the parameters of one operation. */
export interface Binding {
  /** Typed values by parameter key (`path:plantId`), for the request builder. */
  values: Map<string, unknown>;
  /**
   * The pooled value behind each bound parameter (a parent's is its child's),
   * the text it binds, and whether only a same-named field tied it to the
   * parameter (producers.ts rule 4).
   */
  sources: Map<string, { pooled: PooledValue; text: string; guessed: boolean }>;
}

/** An empty binding: every parameter is made up. */
export const NO_BINDING: Binding = { values: new Map(), sources: new Map() };

/**
 * Live values for `operation`'s consumed parameters: the oldest live item
 * no DELETE has claimed (reads and updates share it). `claim` (a DELETE)
 * claims it besides: no other case is handed it again. Oldest first, so the
 * item a case names does not depend on how many items later phases made (a
 * time budget cut makes fewer).
 */
export function bind(pool: ResourcePool, operation: Operation, claim = false): Binding {
  const binding: Binding = { values: new Map(), sources: new Map() };
  const consumers = pool.producers.consumers(operation.id);
  const item = consumers.find((consumer) => consumer.parameter.in === 'path');
  for (const consumer of consumers) {
    const key = parameterKey(consumer.parameter);
    if (binding.values.has(key)) continue;
    const claiming = claim && consumer === item;
    const candidates = pool.candidates(consumer).filter((value) => !value.claimed && agrees(value, operation, binding));
    const [chosen] = candidates;
    if (!chosen) continue;
    if (claiming) chosen.claimed = true;
    // The consumer's own harvester says how the value was tied to it (another consumer may share the pooled one).
    const guessed = consumer.harvesters.find((harvester) => harvester.key === chosen.harvester.key)?.guessed === true;
    set(binding, consumer.parameter, { pooled: chosen, text: chosen.text, guessed }, pool);
    // The item's parents, as its producer was sent (`/gardens/5/plants` -> gardenId 5).
    for (const parent of operation.parameters.filter((parameter) => parameter.in === 'path'))
      if (!binding.values.has(parameterKey(parent)) && chosen.scope[parent.name] !== undefined)
        set(binding, parent, { pooled: chosen, text: chosen.scope[parent.name]!, guessed }, pool);
  }
  return binding;
}

/**
 * `contractCase` with what it names: `resource` and, for the values it took
 * from the pool, its producer steps. It names a live resource only when every
 * path parameter holds a value a trusted producer gave: a value guessed from
 * a same-named field of another answer (producers.ts rule 4) may name another
 * kind of resource, so a 404 for it is no failure.
 */
export function markCase(contractCase: ContractCase, binding: Binding, made?: 'made-up'): ContractCase {
  const { operation, request } = contractCase;
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const sent = pathValues(operation.path, request.path);
  const used = [...binding.sources.entries()].filter(([key, source]) => sentText(key, sent, request) === source.text);
  const steps = used.map(([key, { pooled, text }]): ProducerStep => stepOf(key, text, pooled));
  if (pathParameters.length === 0 && steps.length === 0) return contractCase;
  const live =
    made === undefined &&
    pathParameters.every((parameter) =>
      used.some(([key, source]) => key === parameterKey(parameter) && !source.guessed),
    );
  return {
    ...contractCase,
    ...(pathParameters.length > 0 ? { resource: live ? ('live' as const) : ('made-up' as const) } : {}),
    ...(steps.length > 0 ? { producers: steps } : {}),
  };
}

/** The producer step of a pooled value, for the report (--rerun-failed sends it again). */
function stepOf(key: string, text: string, pooled: PooledValue): ProducerStep {
  return {
    parameter: key,
    value: text,
    operation: pooled.harvester.operation.id,
    request: pooled.producer,
    source: pooled.harvester.source,
  };
}

/** `request` with parameter `parameter` set to `value` (path segment, query pair or header), the rest as sent. */
export function rebind(
  request: CaseRequest,
  operation: Operation,
  parameter: OperationParameter,
  value: unknown,
): CaseRequest {
  const encoded = encodeParameter(parameter, value);
  const [path = '', search] = splitTarget(request.path);
  if (encoded.in === 'path') {
    const template = templatePath(operation.path).split('/');
    const index = template.findIndex((segment) => segment.includes(`{${parameter.name}}`));
    const segments = path.split('/');
    if (index < 0 || index >= segments.length) return request;
    const old = pathValues(operation.path, request.path)[parameter.name];
    const oldText = old === undefined ? undefined : encodeParameter(parameter, old);
    segments[index] =
      template[index] === `{${parameter.name}}` || oldText?.in !== 'path'
        ? encoded.text
        : segments[index]!.replace(oldText.text, encoded.text);
    return { ...request, path: joinTarget(segments.join('/'), search) };
  }
  if (encoded.in === 'query') {
    const pairs = (search ?? '').split('&').filter((pair) => pair !== '' && !pair.startsWith(`${parameter.name}=`));
    return { ...request, path: joinTarget(path, [...pairs, ...encoded.pairs].join('&')) };
  }
  if (encoded.in === 'header')
    return { ...request, headers: { ...request.headers, [encoded.name.toLowerCase()]: encoded.value } };
  return request;
}

/** Whether `value` may join `binding` (its parents agree with parents already bound). */
function agrees(value: PooledValue, operation: Operation, binding: Binding): boolean {
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
    const bound = binding.sources.get(parameterKey(parameter));
    const parent = value.scope[parameter.name];
    if (bound && parent !== undefined && bound.text !== parent) return false;
  }
  return true;
}

function set(
  binding: Binding,
  parameter: OperationParameter,
  source: { pooled: PooledValue; text: string; guessed: boolean },
  pool: ResourcePool,
) {
  const typed = pool.accepts(source.text, parameter);
  if (typed === undefined) return;
  binding.values.set(parameterKey(parameter), typed);
  binding.sources.set(parameterKey(parameter), source);
}

/** Whether the value bound to `key` came from a trusted producer (not a same-named field's guess). */
export function trusted(binding: Binding, key: string): boolean {
  const source = binding.sources.get(key);
  return source !== undefined && !source.guessed;
}

/** The text a request carries for the parameter `key` (path from the template, query and header as sent). */
function sentText(key: string, path: Record<string, string>, request: CaseRequest): string | undefined {
  const [location, name = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (location === 'path') return path[name];
  if (location === 'header') return request.headers[name];
  if (location === 'query') return new URLSearchParams(splitTarget(request.path)[1] ?? '').get(name) ?? undefined;
  return undefined;
}

function splitTarget(target: string): [string, string | undefined] {
  const index = target.indexOf('?');
  return index < 0 ? [target, undefined] : [target.slice(0, index), target.slice(index + 1)];
}

function joinTarget(path: string, search: string | undefined): string {
  return search ? `${path}?${search}` : path;
}
